/** 한국어: main이 운영자에게 쓰는 메시지 (오류, 알림, 업로드 문제, 일괄 작업 요약)와 입력 검증 메시지. */
import type { CatalogueShape } from '../message';
import type { errors as en } from '../en/errors';

export const errors: CatalogueShape<typeof en> = {
  errors: {
    internal: 'OnAir Desk 내부 문제가 발생했습니다. 자세한 내용은 로그에 있습니다.',
    unknownCommand: 'OnAir Desk에 "{command}" 명령이 없습니다.',
    invalidRequest: '요청이 올바르지 않습니다.',
    hostGone: 'OnAir Desk가 응답하지 않습니다. 앱이 실행 중인지 확인하세요.',
    hostStoppedDrop: '놓은 파일을 가져오는 중에 OnAir Desk가 응답을 멈췄습니다. 다시 놓아 주세요.',
    workspaceGone: '더 이상 없는 작업 공간입니다.',
    workspaceNotRemembered: '선택한 작업 공간을 저장하지 못했습니다 ({reason}).',
    accountGone: '더 이상 없는 계정입니다.',
    accountNameTaken: '“{name}” 계정이 이미 있습니다. 다른 이름을 쓰세요.',
    tokenNotInKeychain: '이 계정의 토큰이 OS 키체인에 없습니다. 다시 입력하세요.',
    tokenRefused:
      '플랫폼이 “{name}”의 토큰을 거부했습니다. 아무것도 보내지 않았습니다. 계정 화면에서 새 토큰을 입력하세요.',
    keychainLocked:
      'OS 키체인을 사용할 수 없습니다 ({detail}). OnAir Desk는 토큰을 키체인에만 보관하며 다른 곳에는 저장하지 않습니다. 키링 잠금을 해제한 뒤(예: 데스크톱 세션에 로그인) 다시 시도하세요. 그동안 샌드박스 작업 공간은 계속 쓸 수 있습니다.',
    keychainMissingLinux:
      'OS 키체인을 사용할 수 없습니다 ({detail}). OnAir Desk는 토큰을 키체인에만 보관하며 다른 곳에는 저장하지 않습니다. Secret Service 키링(gnome-keyring, 또는 Secret Service를 켠 KeePassXC)을 설치해 실행하고 잠금을 해제한 뒤 다시 시도하세요. 그동안 샌드박스 작업 공간은 계속 쓸 수 있습니다.',
    noLiveApi:
      '이 작업 공간에는 라이브 계정이 없습니다. 계정 화면에서 라이브 계정을 연결하세요. 아무것도 보내지 않았습니다.',
    noVodApi:
      '이 작업 공간에는 VOD 계정이 없습니다. 계정 화면에서 VOD 계정을 연결하세요. 아무것도 보내지 않았습니다.',
    notLiveAccount: '“{name}”은(는) 라이브 계정이 아닙니다.',
    notVodAccount: '“{name}”은(는) VOD 계정이 아닙니다.',
    pairedAlready: '“{name}”은(는) 이미 연결되어 있습니다. 먼저 연결을 해제하세요.',
    uploadsWait_one:
      '“{name}”의 업로드 {count}개가 대기열에서 기다립니다. 그 작업 공간을 다시 열면 이어서 진행합니다.',
    uploadsWait_other:
      '“{name}”의 업로드 {count}개가 대기열에서 기다립니다. 그 작업 공간을 다시 열면 이어서 진행합니다.',
    uploadsStopped_one:
      '“{name}”의 업로드 {count}개가 중지되었습니다. 그 작업 공간의 계정이 삭제되었습니다.',
    uploadsStopped_other:
      '“{name}”의 업로드 {count}개가 중지되었습니다. 그 작업 공간의 계정이 삭제되었습니다.',
    keychainModuleMissingLinux:
      'OS 키체인 모듈이 설치되지 않아 실제 계정을 추가할 수 없습니다. libsecret(Debian/Ubuntu: sudo apt-get install libsecret-1-dev)과 gnome-keyring 같은 Secret Service 키링을 설치한 뒤 npm rebuild keytar를 실행하세요. OnAir Desk는 토큰을 OS 키체인에만 보관하며 다른 곳에는 저장하지 않습니다. 그동안 샌드박스 작업 공간은 계속 쓸 수 있습니다.',
    keychainModuleMissing:
      'OS 키체인 모듈이 설치되지 않아 실제 계정을 추가할 수 없습니다. 키체인 모듈이 빌드되도록 OnAir Desk를 다시 설치(npm ci)하세요. OnAir Desk는 토큰을 OS 키체인에만 보관하며 다른 곳에는 저장하지 않습니다. 그동안 샌드박스 작업 공간은 계속 쓸 수 있습니다.',
    keychainMissing:
      'OS 키체인을 사용할 수 없습니다 ({detail}). OnAir Desk는 토큰을 키체인에만 보관하며 다른 곳에는 저장하지 않습니다. 시스템 키체인이 사용 가능하고 잠금 해제되어 있는지 확인한 뒤 다시 시도하세요. 그동안 샌드박스 작업 공간은 계속 쓸 수 있습니다.',
    offAirBeforeRecording: '녹화를 시작하기 전에 방송이 중지되었습니다.',
    recordingAlreadyStopped: '녹화가 이미 중지되었습니다.',
    offAirBeforeCuePoint: '큐 포인트를 설정하기 전에 방송이 중지되었습니다.',
    patRefused:
      '플랫폼이 “{name}”의 Personal Access Token을 거부했습니다 (401). 만료되었거나 폐기되었습니다. 호출을 일시 중지했습니다. 새 토큰을 입력하면 계속합니다.',
    vodTokenRefused:
      '플랫폼이 “{name}”의 VOD 액세스 토큰을 거부했습니다 (401). 만료되었거나 폐기되었습니다. 호출을 일시 중지했습니다. 새 토큰을 입력하면 계속합니다.',
    fileSettings: '설정',
    fileAccounts: '계정 목록',
    fileUploadQueue: '업로드 대기열',
    fileUnreadable: 'OnAir Desk가 {label} 파일을 읽지 못해 없이 시작했습니다 ({reason}).',
    fileDamaged:
      '{label} 파일이 손상되었습니다 ({reason}). {aside}(으)로 옮겨 두고 새 파일로 시작했습니다. 다른 파일은 건드리지 않았습니다.',
    batchInternal: '내부 문제로 일괄 작업을 멈췄습니다. 자세한 내용은 로그에 있습니다.',
    batchStopped: '작업 공간이 바뀌어 일괄 작업을 멈췄습니다.',
    rangeEndBeforeStart: '구간의 끝은 시작보다 뒤여야 합니다.',
    rangeInPast: '구간은 미래에 시작해야 합니다.',
    copySameDay: '복사할 날짜와 다른 날을 고르세요.',
    copyDayPassed: '{day}은(는) 이미 지났습니다. 오늘({today}) 이후로 복사하세요.',
    noSuchMedia: '프로그램 영상 "{key}"이(가) 없습니다.',
    noVodAccount: '이 작업 공간에는 VOD 계정이 없습니다.',
  },
  platform: {
    malformed: '플랫폼이 요청 형식이 잘못되었다며 거부했습니다.',
    unauthorized:
      '플랫폼이 토큰을 받아들이지 않았습니다. 토큰이 없거나 만료되었거나 폐기되었습니다.',
    forbidden: '이 토큰으로는 할 수 없는 작업입니다. 스코프나 역할이 부족합니다.',
    notFound: '플랫폼에 없는 항목입니다. 삭제되었을 수 있습니다.',
    busy: '항목이 다른 작업 중이어서 플랫폼이 거부했습니다.',
    wrongState: '현재 상태에서는 플랫폼이 이 변경을 거부합니다.',
    rateLimited: '플랫폼이 이 계정의 호출 수를 제한하고 있습니다.',
    serverError: '플랫폼 내부 문제가 발생했습니다 (HTTP {status}). 잠시 후 다시 시도하세요.',
    refused: '플랫폼이 요청을 거부했습니다 (HTTP {status}).',
    unreachable: '플랫폼에 연결하지 못했습니다 ({detail}). 네트워크 연결과 기본 URL을 확인하세요.',
  },
  access: {
    vodAccepted: 'VOD 액세스 토큰을 확인했습니다.',
    superAdmin: '최고 관리자',
    admin: '관리자 (계약 정보 접근 불가)',
    noControl: '토큰은 확인했지만 live:control 스코프가 없어 대부분의 라이브 작업이 거부됩니다',
    scopes: ' · 스코프 {scopes}',
    expires: ' · 만료 {day}',
    summary: '{who}{scopes}{expires}.',
  },
  plans: {
    nothingToCopy: '{day}에는 복사할 프로그램이 없습니다.',
    copies_one: '{from}의 프로그램 {count}개를 {to}(UTC)로 복사합니다.',
    copies_other: '{from}의 프로그램 {count}개를 {to}(UTC)로 복사합니다.',
    inPast_one: '프로그램 {count}개는 과거에 시작하게 되어 제외합니다.',
    inPast_other: '프로그램 {count}개는 과거에 시작하게 되어 제외합니다.',
    clashes_one:
      '복사본 {count}개가 {day}에 이미 편성된 프로그램과 겹칩니다. 일괄 작업은 그중 첫 번째에서 멈춥니다.',
    clashes_other:
      '복사본 {count}개가 {day}에 이미 편성된 프로그램과 겹칩니다. 일괄 작업은 그중 첫 번째에서 멈춥니다.',
    fills_one: '{from}부터 {to}까지(UTC) 프로그램 {count}개로 빈틈없이 채웁니다.',
    fills_other: '{from}부터 {to}까지(UTC) 프로그램 {count}개로 빈틈없이 채웁니다.',
    stopEnd: '다음 프로그램은 {time} 이후에 끝나게 됩니다. 구간 중 {left}분은 비어 있습니다.',
    stopBlocker:
      '이미 편성된 “{title}”({from}–{to}) 앞의 {time}에서 멈춥니다. 구간 중 {left}분은 비어 있습니다.',
    stopMax:
      '일괄 작업 한 번의 최대치인 프로그램 {max}개에서 멈춥니다. 구간 중 {left}분은 비어 있습니다.',
    cost_one: '{count}회 호출, 초당 1회 기준 약 {count}초.',
    cost_other: '{count}회 호출, 초당 1회 기준 약 {count}초.',
  },
  uploadProblem: {
    noVodAccount:
      '이 작업 공간에는 VOD 계정이 없어 VOD 업로드를 받을 수 없습니다. 계정 화면에서 VOD 계정을 연결하세요.',
    noLiveAccount:
      '이 작업 공간에는 라이브 계정이 없어 프로그램 영상이나 대기 화면을 업로드할 수 없습니다. 계정 화면에서 라이브 계정을 연결하세요.',
    alreadyQueued: '이미 업로드 대기열에 있습니다.',
    tooManyFiles: '한 번에 놓을 수 있는 파일은 최대 {max}개입니다.',
    notAFile: '일반 파일이 아닙니다.',
    empty: '빈 파일입니다.',
    tooLarge: '너무 큽니다: {size}. 한도는 {limit}입니다.',
    unknownFormat: '알 수 없는 형식입니다.',
    missing: '파일이 없습니다 (옮겨졌거나 삭제됨).',
    noPermission: 'OnAir Desk가 이 파일을 읽을 권한이 없습니다.',
    unreadable: '파일을 읽을 수 없습니다 ({detail}).',
    hostTooLarge: '업로드 호스트가 파일이 너무 크다며 거부했습니다.',
    hostRefused: '업로드 호스트가 파일을 거부했습니다 (HTTP {status}).',
    hostRefusedSaid: '업로드 호스트가 파일을 거부했습니다 (HTTP {status}): {said}',
    urlRefused: '플랫폼이 일회성 업로드 URL 발급을 거부했습니다: {reason}',
    urlRefusedStatus: '플랫폼이 일회성 업로드 URL 발급을 거부했습니다 (HTTP {status}): {reason}',
    internal:
      '이 파일을 처리하다 OnAir Desk 내부 문제가 발생했습니다. 자세한 내용은 로그에 있습니다.',
    storageFull:
      '업로드 호스트에 남은 공간이 없습니다 (HTTP 507 Insufficient Storage). 잃은 데이터는 없습니다.',
    urlDead: '일회성 업로드 URL이 거부되었습니다 (만료되었거나 이미 사용됨).',
    urlExpiredAgain: '업로드를 마치기 전에 일회성 업로드 URL이 또 만료되었습니다.',
    urlRefusedAgain: '업로드 호스트가 새 일회성 URL도 거부했습니다 (만료되었거나 이미 사용됨).',
    failedInARow: '업로드가 {count}번 연속 실패했습니다. 마지막 원인: {why}.',
    stopped: '업로드가 멈췄습니다: {why}.',
    brokeOff: '전송이 끊겼습니다 ({detail})',
    gone: '파일이 더 이상 {path}에 없습니다 (옮겨졌거나 이름이 바뀌었거나 삭제됨). 아무것도 보내지 않았습니다.',
    changed:
      '대기열에 넣은 뒤 파일이 바뀌었습니다 (당시 {then}, 지금 {now}, 또는 수정 시각 변경). 다시 보내지 않았습니다.',
    transcodingLost: '파일은 업로드했지만 트랜스코딩 진행 상황을 확인할 수 없습니다.{said}',
    notListedMedia: '파일은 업로드했지만 프로그램 영상 목록에 나타나지 않습니다.{said}',
    notListedWaiting: '파일은 업로드했지만 대기 화면 목록에 나타나지 않습니다.{said}',
    platformSaid: ' 플랫폼 메시지: {message}',
  },
  uploadNext: {
    checkRole:
      '이 토큰으로는 업로드할 수 없습니다. 계정 화면에서 역할과 스코프를 확인한 뒤 다시 시도하세요.',
    checkTarget: '업로드 대상(카테고리, 계정)을 확인한 뒤 다시 시도하세요.',
    sendLog: '다시 시도하세요. 또 실패하면 로그를 지원팀에 보내 주세요.',
    freeSpace:
      '플랫폼의 공간을 확보하거나(필요 없는 영상 삭제) 플랫폼 지원팀에 문의한 뒤 다시 시도하세요.',
    checkFile: '파일이 재생되는지, 대상에 맞는지 확인한 뒤 다시 시도하거나 취소하세요.',
    newUrl: '다시 시도하세요. OnAir Desk가 새 일회성 URL을 요청합니다.',
    anotherUrl:
      '다시 시도해 일회성 URL을 새로 요청하세요. 계속 실패하면 플랫폼에서 계정을 확인하세요.',
    checkNetwork: '네트워크 연결과 플랫폼 상태를 확인한 뒤 다시 시도하세요.',
    waitRetry: '할 일은 없습니다. OnAir Desk가 {seconds}초 후 다시 시도합니다.',
    putBack: '파일을 같은 위치에 되돌린 뒤 다시 시도하거나, 취소하고 파일을 다시 놓으세요.',
    dropAgain: '새 버전을 보내려면 이 파일을 취소하고 다시 놓으세요.',
    lookLater:
      '잠시 후 플랫폼의 목록을 확인하세요. 다시 시도하면 파일을 보내지 않고 다시 확인합니다.',
  },
  uploadNote: {
    partialGone:
      '업로드 호스트에서 일부 업로드된 데이터가 사라져 새 일회성 URL로 처음부터 다시 시작했습니다.',
    urlExpired: '일회성 URL이 만료되어 새로 요청했습니다.',
    urlRefused: '일회성 URL이 거부되어(만료되었거나 이미 사용됨) 새로 요청했습니다.',
    multipartRestart:
      'multipart 업로드는 이어 올릴 수 없어 새 일회성 URL로 처음부터 다시 시작했습니다.',
    resumed: '업로드 호스트의 위치에서 이어 올립니다: {size} 중 {bytes}가 이미 있었습니다.',
    resumedEmpty: '이어 올립니다. 업로드 호스트에는 아직 받은 데이터가 없었습니다.',
    restarted: '다시 시작하느라 중단되었습니다. 업로드 호스트가 멈춘 곳부터 이어 갑니다.',
  },
  sniff: {
    notWanted: '{wanted}이(가) 아닙니다: {is}.',
    wantImage: '이미지 (PNG, JPEG, GIF, WebP)',
    wantVodMedia:
      '동영상 또는 오디오 파일 (MP4, MOV, WebM, MKV, TS, AVI, FLV, WMV, MP3, WAV, M4A, FLAC, Ogg)',
    wantVideo: '동영상 (MP4, MOV, WebM, MKV, TS, AVI, FLV, WMV)',
    isUnknown: 'OnAir Desk가 아는 형식이 아닙니다',
    isA: '{label} 파일입니다',
    isAn: '{label} 파일입니다',
  },
  uploadNotice: {
    pair: '{first}{second}',
    uploaded_one: '파일 {count}개를 {target}에 업로드했습니다.',
    uploaded_other: '파일 {count}개를 {target}에 업로드했습니다.',
    stuck_one: ' 업로드 화면에서 파일 {count}개를 확인해야 합니다.',
    stuck_other: ' 업로드 화면에서 파일 {count}개를 확인해야 합니다.',
    attentionOne: '“{name}” 확인 필요: {what}',
    attentionMany: '업로드 화면에서 파일 {count}개를 확인해야 합니다. 예: “{name}”: {what}',
    itStopped: '멈췄습니다',
    targetProgramMedia: '프로그램 영상',
    targetWaitingScreens: '대기 화면',
    targetVod: 'VOD',
    targetVodCategory: 'VOD · 카테고리 {key}',
  },
  validation: {
    chooseLiveAccount: '라이브 계정을 고르세요.',
    chooseVodAccount: 'VOD 계정을 고르세요.',
    keyRequired: '키를 입력하세요.',
    keyTooLong: '키가 너무 깁니다.',
    keyChars: '키에는 영문자, 숫자, -, _만 쓸 수 있습니다.',
    time: '2026-11-20T21:05:00Z 형식으로 시각을 입력하세요.',
    accountName: '계정 이름을 입력하세요.',
    accountNameLong: '계정 이름은 최대 60자입니다.',
    baseUrl: '기본 URL을 입력하세요. 예: https://api-live-kr.kollus.com/api',
    https: 'https:// 주소를 쓰세요 (http는 이 컴퓨터의 샌드박스에만 허용합니다).',
    programTitle: '프로그램 제목을 입력하세요.',
    titleLong: '제목은 최대 200자입니다.',
    programId: '프로그램 ID는 양의 정수입니다.',
    pickMedia: '영상을 하나 이상 고르세요.',
    mediaMax: '프로그램에는 영상을 최대 50개까지 넣을 수 있습니다.',
    day: '2026-11-20 형식으로 날짜를 입력하세요.',
    uploadIdsMax: '한 번에 최대 5,000개 파일까지입니다.',
    pasteToken: '토큰을 붙여 넣으세요.',
    tokenLong: '토큰이 너무 깁니다.',
    tokenSpaces: '토큰에는 공백이나 줄바꿈이 없습니다.',
    pastePat: 'Personal Access Token을 붙여 넣으세요.',
    patLong: 'Personal Access Token이 너무 깁니다.',
    patSpaces: 'Personal Access Token에는 공백이나 줄바꿈이 없습니다.',
    pasteAccessToken: '액세스 토큰을 붙여 넣으세요.',
    accessTokenLong: '액세스 토큰이 너무 깁니다.',
    accessTokenSpaces: '액세스 토큰에는 공백이나 줄바꿈이 없습니다.',
    searchLong: '검색어는 최대 100자입니다.',
    broadcastTitle: '방송 제목을 입력하세요.',
    serviceAccountKey: '서비스 계정 키를 입력하세요.',
    serviceAccountKeyLong: '서비스 계정 키가 너무 깁니다.',
    serviceAccountKeyChars: '서비스 계정 키에는 영문자, 숫자, -, _만 쓸 수 있습니다.',
    batchEmpty: '일괄 작업이 비어 있습니다.',
    dropSomething: '파일이나 폴더를 하나 이상 놓으세요.',
    dropMax: '한 번에 최대 5,000개 파일 또는 폴더까지입니다.',
    concurrencyMin: '동시에 최소 1개 파일입니다.',
    concurrencyMax: '동시에 최대 8개입니다.',
    recordingsPageFrom1: '페이지는 1부터 셉니다.',
    recordingsPerPageMin: '한 페이지에 최소 1개를 보여야 합니다.',
    recordingsPerPageMax: '한 페이지에 최대 100개까지 보일 수 있습니다.',
    recordingsBroadcastChannel: '방송의 채널도 선택하세요.',
    recordingsDayOrder: '시작일은 종료일보다 늦을 수 없습니다.',
    transfersMax: '한 번에 최대 1,000개 다운로드까지입니다.',
    transfersFolder: '다운로드할 폴더를 입력하세요.',
    transfersFolderLong: '폴더 경로가 너무 깁니다.',
  },
};
