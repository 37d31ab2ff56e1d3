/**
 * English: messages main writes for the operator (errors, notices, upload problems, batch
 * summaries) and the validation messages of the bridge's zod schemas. Each is sent with its
 * key (src-main/shared/i18n/say.ts) so the renderer shows it in the operator's language.
 */
export const errors = {
  errors: {
    internal: 'OnAir Desk hit an internal problem; details are in the log.',
    unknownCommand: 'OnAir Desk has no command "{command}".',
    invalidRequest: 'The request was not valid.',
    hostGone: 'OnAir Desk is not answering: is the app still running?',
    hostStoppedDrop:
      'OnAir Desk stopped answering while taking the dropped files; drop them again.',
    workspaceGone: 'That workspace does not exist any more.',
    workspaceNotRemembered: 'The chosen workspace could not be remembered ({reason}).',
    accountGone: 'That account does not exist any more.',
    accountNameTaken: 'An account named “{name}” exists already: choose another name.',
    tokenNotInKeychain:
      'The token of this account is not in the OS keychain any more: enter it again.',
    tokenRefused:
      'The platform refused the token of “{name}”; nothing was sent. Enter a new token in Accounts.',
    keychainLocked:
      'The OS keychain is not available ({detail}). OnAir Desk keeps tokens only there and will not store them anywhere else. Unlock your keyring (for example by logging in to the desktop session) and try again. The sandbox workspace keeps working meanwhile.',
    keychainMissingLinux:
      'The OS keychain is not available ({detail}). OnAir Desk keeps tokens only there and will not store them anywhere else. Install and start a Secret Service keyring (gnome-keyring, or KeePassXC with its Secret Service on), unlock it, and try again. The sandbox workspace keeps working meanwhile.',
    noLiveApi:
      'This workspace has no live account: pair one with it in Accounts. Nothing was sent.',
    noVodApi: 'This workspace has no VOD account: pair one with it in Accounts. Nothing was sent.',
    notLiveAccount: '“{name}” is not a live account.',
    notVodAccount: '“{name}” is not a VOD account.',
    pairedAlready: '“{name}” is paired already: unpair it first.',
    uploadsWait_one:
      '{count} upload of “{name}” waits in its queue and goes on when that workspace is opened again.',
    uploadsWait_other:
      '{count} uploads of “{name}” wait in its queue and go on when that workspace is opened again.',
    uploadsStopped_one:
      '{count} upload of “{name}” stopped: an account of that workspace was removed.',
    uploadsStopped_other:
      '{count} uploads of “{name}” stopped: an account of that workspace was removed.',
    keychainModuleMissingLinux:
      'The OS keychain module is not installed, so real accounts cannot be added: install libsecret (Debian/Ubuntu: sudo apt-get install libsecret-1-dev) and a Secret Service keyring such as gnome-keyring, then run npm rebuild keytar. OnAir Desk keeps tokens only in the OS keychain and will not store them anywhere else; the sandbox workspace works meanwhile.',
    keychainModuleMissing:
      'The OS keychain module is not installed, so real accounts cannot be added: reinstall OnAir Desk (npm ci) so that its keychain module is built. OnAir Desk keeps tokens only in the OS keychain and will not store them anywhere else; the sandbox workspace works meanwhile.',
    keychainMissing:
      'The OS keychain is not available ({detail}). OnAir Desk keeps tokens only there and will not store them anywhere else. Make sure the system keychain is available and unlocked, and try again. The sandbox workspace keeps working meanwhile.',
    offAirBeforeRecording: 'The broadcast went off air before recording could start.',
    recordingAlreadyStopped: 'Recording had already stopped.',
    offAirBeforeCuePoint: 'The broadcast went off air before the cue point could be set.',
    patRefused:
      'The platform refused the personal access token of “{name}” (401): it expired or was revoked. Calls are paused: enter a new token to go on.',
    vodTokenRefused:
      'The platform refused the VOD access token of “{name}” (401): it expired or was revoked. Calls are paused: enter a new token to go on.',
    fileSettings: 'settings',
    fileAccounts: 'accounts list',
    fileUploadQueue: 'upload queue',
    fileUnreadable: 'OnAir Desk could not read its {label} ({reason}); it started without it.',
    fileDamaged:
      'The {label} file was damaged ({reason}). It was set aside as {aside} and OnAir Desk started with a fresh one; nothing else was touched.',
    batchInternal: 'The batch stopped on an internal problem; details are in the log.',
    batchStopped: 'The workspace changed: the batch stopped.',
    rangeEndBeforeStart: 'The end of the range must be after its start.',
    rangeInPast: 'The range must start in the future.',
    copySameDay: 'Choose a day other than the one being copied.',
    copyDayPassed: '{day} has passed: copy to today ({today}) or later.',
    noSuchMedia: 'No program media content "{key}" exists.',
    noVodAccount: 'This workspace has no VOD account.',
  },
  platform: {
    malformed: 'The platform refused the request as malformed.',
    unauthorized: 'The platform did not accept the token: it is missing, expired or revoked.',
    forbidden: 'This token is not allowed to do that: a scope or role is missing.',
    notFound: 'The platform does not know that item: it may have been deleted.',
    busy: 'The platform refused because the item is busy with another operation.',
    wrongState: 'The platform refused that change in the current state.',
    rateLimited: 'The platform is rate limiting this account.',
    serverError: 'The platform had an internal problem (HTTP {status}). Try again shortly.',
    refused: 'The platform refused the request (HTTP {status}).',
    unreachable:
      'The platform could not be reached ({detail}). Check the connection and the base URL.',
  },
  access: {
    vodAccepted: 'VOD access token accepted.',
    superAdmin: 'Super administrator',
    admin: 'Administrator (no contract access)',
    noControl:
      'Token accepted, but it lacks the live:control scope: most live operations will be refused',
    scopes: ' · scopes {scopes}',
    expires: ' · expires {day}',
    summary: '{who}{scopes}{expires}.',
  },
  plans: {
    nothingToCopy: '{day} has no programs to copy.',
    copies_one: 'Copies {count} program of {from} to {to} (UTC).',
    copies_other: 'Copies {count} programs of {from} to {to} (UTC).',
    inPast_one: '{count} program would start in the past and are left out.',
    inPast_other: '{count} programs would start in the past and are left out.',
    clashes_one:
      '{count} copy overlap programs already on {day}: the batch will stop at the first of them.',
    clashes_other:
      '{count} copies overlap programs already on {day}: the batch will stop at the first of them.',
    fills_one: 'Fills {from} to {to} (UTC) with {count} program back to back.',
    fills_other: 'Fills {from} to {to} (UTC) with {count} programs back to back.',
    stopEnd: 'The next program would end after {time}; {left} min of the range stay empty.',
    stopBlocker:
      'Stops at {time} before “{title}” ({from} to {to}), already scheduled; {left} min of the range stay empty.',
    stopMax:
      'Stops after {max} programs, the most one batch runs; {left} min of the range stay empty.',
    cost_one: '{count} call, about {count} s at 1 call a second.',
    cost_other: '{count} calls, about {count} s at 1 call a second.',
  },
  uploadProblem: {
    noVodAccount:
      'This workspace has no VOD account, so it cannot take VOD uploads (not available). Pair one with it in Accounts.',
    noLiveAccount:
      'This workspace has no live account, so it cannot take program media or waiting screens (not available). Pair one with it in Accounts.',
    alreadyQueued: 'Already in the upload queue.',
    tooManyFiles: 'At most {max} files per drop.',
    notAFile: 'Not a regular file.',
    empty: 'The file is empty.',
    tooLarge: 'Too large: {size}; the limit is {limit}.',
    unknownFormat: 'Unknown format.',
    missing: 'The file does not exist (moved or deleted).',
    noPermission: 'OnAir Desk may not read this file.',
    unreadable: 'The file cannot be read ({detail}).',
    hostTooLarge: 'The upload host refused the file as too large.',
    hostRefused: 'The upload host refused the file (HTTP {status}).',
    hostRefusedSaid: 'The upload host refused the file (HTTP {status}): {said}',
    urlRefused: 'The platform refused a one-time upload URL: {reason}',
    urlRefusedStatus: 'The platform refused a one-time upload URL (HTTP {status}): {reason}',
    internal: 'OnAir Desk hit an internal problem with this file; details are in the log.',
    storageFull:
      'The upload host has no room left (HTTP 507 Insufficient Storage); nothing is lost.',
    urlDead: 'The one-time upload URL was refused (expired or already used).',
    urlExpiredAgain: 'The one-time upload URL expired again before the upload could finish.',
    urlRefusedAgain:
      'The upload host refused a new one-time URL as well (expired or already used).',
    failedInARow: 'The upload failed {count} times in a row; last: {why}.',
    stopped: 'The upload stopped: {why}.',
    brokeOff: 'the transfer broke off ({detail})',
    gone: 'The file is no longer at {path} (moved, renamed or deleted); nothing was sent.',
    changed:
      'The file changed on disk since it was queued ({then} then, {now} now, or a new modification time); it was not sent again.',
    transcodingLost: 'The file was uploaded, but its transcoding could not be followed.{said}',
    notListedMedia:
      'The file was uploaded, but it does not appear in the program media list.{said}',
    notListedWaiting:
      'The file was uploaded, but it does not appear in the waiting screen list.{said}',
    platformSaid: ' The platform said: {message}',
  },
  uploadNext: {
    checkRole: 'The token may not upload: check its role and scopes in Accounts, then press Retry.',
    checkTarget: 'Check the target (category, account), then press Retry.',
    sendLog: 'Press Retry; if it fails again, send the log to support.',
    freeSpace:
      'Free space on the platform (delete media it no longer needs) or ask the platform support, then press Retry.',
    checkFile: 'Check the file plays and fits the target, then press Retry or cancel it.',
    newUrl: 'Press Retry: OnAir Desk requests a new one-time URL.',
    anotherUrl:
      'Press Retry to request another one-time URL; if it keeps failing, check the account on the platform.',
    checkNetwork: 'Check the network connection and the platform status, then press Retry.',
    waitRetry: 'Nothing to do: OnAir Desk tries again in {seconds} s.',
    putBack: 'Put it back at the same place and press Retry, or cancel it and drop the file again.',
    dropAgain: 'To send the new version, cancel this file and drop it again.',
    lookLater:
      'Look at the list on the platform in a minute; Retry checks again without sending the file.',
  },
  uploadNote: {
    partialGone:
      'The partial upload was gone from the upload host; it started again from the beginning with a new one-time URL.',
    urlExpired: 'The one-time URL had expired; a new one was requested.',
    urlRefused: 'The one-time URL was refused (expired or already used); a new one was requested.',
    multipartRestart:
      'A multipart upload cannot resume: it started again from the beginning with a new one-time URL.',
    resumed: "Resumed from the upload host's offset: {bytes} of {size} were already there.",
    resumedEmpty: 'Resumed; the upload host held none of it yet.',
    restarted: 'Interrupted by a restart; it goes on where the upload host stopped.',
  },
  sniff: {
    notWanted: 'Not {wanted}: {is}.',
    wantImage: 'an image (PNG, JPEG, GIF or WebP)',
    wantVodMedia:
      'a video or audio file (MP4, MOV, WebM, MKV, TS, AVI, FLV, WMV, MP3, WAV, M4A, FLAC, Ogg)',
    wantVideo: 'a video (MP4, MOV, WebM, MKV, TS, AVI, FLV, WMV)',
    isUnknown: 'its content is no format OnAir Desk knows',
    isA: 'it is a {label}',
    isAn: 'it is an {label}',
  },
  uploadNotice: {
    pair: '{first}{second}',
    uploaded_one: '{count} file uploaded to {target}.',
    uploaded_other: '{count} files uploaded to {target}.',
    stuck_one: ' {count} file needs attention in Uploads.',
    stuck_other: ' {count} files need attention in Uploads.',
    attentionOne: '“{name}” needs attention: {what}',
    attentionMany: '{count} files need attention in Uploads, e.g. “{name}”: {what}',
    itStopped: 'it stopped',
    targetProgramMedia: 'Program media',
    targetWaitingScreens: 'Waiting screens',
    targetVod: 'VOD',
    targetVodCategory: 'VOD · category {key}',
  },
  validation: {
    chooseLiveAccount: 'Choose a live account.',
    chooseVodAccount: 'Choose a VOD account.',
    keyRequired: 'A key is required.',
    keyTooLong: 'That key is too long.',
    keyChars: 'Keys contain only letters, digits, - and _.',
    time: 'Give a time like 2026-11-20T21:05:00Z.',
    accountName: 'Give the account a name.',
    accountNameLong: 'Account names are at most 60 characters.',
    baseUrl: 'Enter the base URL, e.g. https://api-live-kr.kollus.com/api.',
    https: 'Use an https:// address (plain http is allowed only for a sandbox on this machine).',
    programTitle: 'A program needs a title.',
    titleLong: 'Titles are at most 200 characters.',
    programId: 'A program id is a positive whole number.',
    pickMedia: 'Pick at least one media item.',
    mediaMax: 'A program plays at most 50 media items.',
    day: 'Give a day like 2026-11-20.',
    uploadIdsMax: 'At most 5,000 files at once.',
    pasteToken: 'Paste the token.',
    tokenLong: 'That token is too long.',
    tokenSpaces: 'A token has no spaces or line breaks.',
    pastePat: 'Paste the personal access token.',
    patLong: 'That personal access token is too long.',
    patSpaces: 'A personal access token has no spaces or line breaks.',
    pasteAccessToken: 'Paste the access token.',
    accessTokenLong: 'That access token is too long.',
    accessTokenSpaces: 'A access token has no spaces or line breaks.',
    searchLong: 'Search for at most 100 characters.',
    broadcastTitle: 'A broadcast needs a title.',
    serviceAccountKey: 'Enter the service account key.',
    serviceAccountKeyLong: 'That service account key is too long.',
    serviceAccountKeyChars: 'A service account key has only letters, digits, - and _.',
    batchEmpty: 'The batch is empty.',
    dropSomething: 'Drop at least one file or folder.',
    dropMax: 'At most 5,000 files or folders at once.',
    concurrencyMin: 'At least 1 file at a time.',
    concurrencyMax: 'At most 8 at a time.',
    libraryCategoryName: 'A category needs a name.',
    libraryCategoryNameLong: 'Category names are at most 100 characters.',
    libraryContentTitle: 'A content needs a title.',
    librarySelectOne: 'Select at least one content.',
    libraryBatchMax: 'A batch handles at most 1,000 contents.',
    libraryPosterName: 'The poster needs a file name.',
    libraryPosterEmpty: 'The poster file is empty.',
    libraryPosterSize: 'A poster is at most 10 MB.',
    libraryPosterUnreadable: 'The poster could not be read.',
    libraryPosterType: 'A poster is a JPEG or PNG image.',
    libraryBatchId: 'Not a batch of this session.',
  },
} as const;
