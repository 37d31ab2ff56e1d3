/**
 * Contract of every live operation (live-v1.yaml): each one answers its documented success
 * and at least one documented error, with bodies that match the documented schemas (ajv).
 * Cases run in order on one sandbox; later cases use what earlier ones created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from './index';
import { startSandbox } from './index';
import type { LiveAnswer } from './live-contract-support';
import { dataOf, expectDocumented, liveClient, listOf } from './live-contract-support';
import { listOperations } from './openapi';

let sandbox: SandboxHandle;
let sa: ReturnType<typeof liveClient>;
let admin: ReturnType<typeof liveClient>;
let anonymous: ReturnType<typeof liveClient>;
let noScope: ReturnType<typeof liveClient>;
/** Keys found in the seed or made by earlier cases. */
const k: Record<string, string> = {};

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  sa = liveClient(sandbox.info, sandbox.info.tokens.super_admin);
  admin = liveClient(sandbox.info, sandbox.info.tokens.admin);
  anonymous = liveClient(sandbox.info, null);
  noScope = liveClient(sandbox.info, sandbox.info.tokens.no_scope);
  const channels = listOf(await sa.get('/channels?per_page=100'));
  const key = (title: string): string =>
    String(channels.find((channel) => channel.title === title)?.key);
  k.main = key('Main Stage');
  k.news = key('Newsroom 24/7');
  k.arena = key('Esports Arena');
  k.sched = String(listOf(await sa.get('/channels?channel_type=scheduled'))[0]?.key);
  k.onair = String(listOf(await sa.get(`/broadcasts?is_onair=1&channel_key=${k.main}`))[0]?.key);
  k.newsOnair = String(
    listOf(await sa.get(`/broadcasts?is_onair=1&channel_key=${k.news}`))[0]?.key,
  );
  k.ended = String(listOf(await sa.get(`/channels/${k.arena}/broadcasts`))[0]?.key);
  k.group = String(listOf(await sa.get('/profile-groups'))[0]?.key);
  const profiles = listOf(await sa.get(`/profile-groups/${k.group}/profiles`));
  k.active = String(profiles.find((profile) => profile.is_active === true)?.id);
  k.inactive = String(profiles.find((profile) => profile.is_active === false)?.id);
  const media = listOf(await sa.get('/programs/media-contents?per_page=100'));
  k.media = String(media.find((item) => item.program_count !== 0)?.upload_file_key);
  k.unusedMedia = String(media.find((item) => item.program_count === 0)?.upload_file_key);
});
afterAll(() => sandbox.close());

type Call = () => Promise<LiveAnswer>;
/** operationId, success call and status, error call and status. */
type Case = [string, Call, number, Call, number];

const c = `/channels`;
const ch = (name: string, rest = ''): string => `/channels/${k[name] ?? ''}${rest}`;
const b = (name: string, rest = ''): string => `/broadcasts/${k[name] ?? ''}${rest}`;
const remember = (name: string, answer: LiveAnswer, field = 'id'): LiveAnswer => {
  k[name] = String(dataOf(answer)[field]);
  return answer;
};
const unknown = '/channels/zzzzzzzzzzzzzzzz';
const period = 'start_date=2025-05-01&end_date=2025-06-01';

const cases: Case[] = [
  ['getContract', () => sa.get('/contracts'), 200, () => admin.get('/contracts'), 403],
  [
    'listChattingServices',
    () => sa.get('/chatting-services'),
    200,
    () => anonymous.get('/chatting-services'),
    401,
  ],
  [
    'listProfileGroups',
    () => sa.get('/profile-groups'),
    200,
    () => noScope.get('/profile-groups'),
    403,
  ],
  [
    'listProfiles',
    () => sa.get(`/profile-groups/${k.group}/profiles?video_screen_type=portrait`),
    200,
    () => sa.get('/profile-groups/nope/profiles'),
    404,
  ],
  // Three profiles are active: a fourth is refused until one is detached.
  [
    'attachProfile',
    () => sa.put(`/profile-groups/${k.group}/profiles/${k.active}/attach`),
    204,
    () => sa.put(`/profile-groups/${k.group}/profiles/${k.inactive}/attach`),
    422,
  ],
  [
    'detachProfile',
    () => sa.put(`/profile-groups/${k.group}/profiles/${k.active}/detach`),
    204,
    () => admin.put(`/profile-groups/${k.group}/profiles/${k.active}/detach`),
    403,
  ],
  [
    'listChannels',
    () => sa.get('/channels?channel_type=scheduled'),
    200,
    () => sa.get('/channels?order=sideways'),
    422,
  ],
  [
    'createChannel',
    async () =>
      remember(
        'created',
        await sa.post(c, {
          title: 'Pop-up Stage',
          customer_code: 'POP-1',
          live_media_profile_group_key: k.group ?? '',
          use_timeshift: '1',
        }),
        'key',
      ),
    200,
    () => sa.post(c, { title: 'Nowhere', live_media_profile_group_key: 'nope' }),
    422,
  ],
  ['getChannel', () => sa.get(ch('created')), 200, () => sa.get(unknown), 404],
  [
    'updateChannel',
    () => admin.put(ch('created'), { title: 'Pop-up Stage B', recording_file_policy: '3' }),
    200,
    () => sa.put(ch('created'), { customer_code: 'FEST-MAIN' }),
    422,
  ],
  [
    'disableChannel',
    () => sa.put(ch('created', '/disable')),
    200,
    () => sa.put(ch('created', '/disable')),
    422,
  ],
  [
    'enableChannel',
    () => sa.put(ch('created', '/enable')),
    200,
    () => sa.put(ch('created', '/enable')),
    422,
  ],
  [
    'trashChannel',
    () => sa.put(ch('created', '/trash')),
    200,
    () => sa.put(ch('created', '/trash')),
    422,
  ],
  [
    'restoreChannel',
    () => sa.put(ch('created', '/restore')),
    200,
    () => sa.put(ch('created', '/restore')),
    422,
  ],
  [
    'setChannelCallbacks',
    () =>
      admin.put(ch('created', '/callback'), {
        live_callback_url: 'https://hooks.example.com/live',
      }),
    200,
    () => sa.put(ch('created', '/callback'), { playback_callback_url: 'ftp://nope' }),
    422,
  ],
  ['deleteChannel', () => sa.delete(ch('created')), 204, () => sa.delete(ch('created')), 404],
  [
    'listCreators',
    () => sa.get(ch('arena', '/creators?keyword=caster')),
    200,
    () => sa.get(`${unknown}/creators`),
    404,
  ],
  [
    'createCreator',
    async () =>
      remember(
        'creator',
        await admin.post(ch('arena', '/creators'), {
          nickname: 'caster_jet',
          email: 'jet@example.com',
        }),
        'creator_code',
      ),
    200,
    () => sa.post(ch('arena', '/creators'), { nickname: 'CASTER_NOVA' }),
    422,
  ],
  [
    'updateCreator',
    () => sa.put(ch('arena', `/creators/${k.creator ?? ''}`), { nickname: 'caster_jetstream' }),
    200,
    () => sa.put(ch('arena', '/creators/zzzzzzzzzz'), { nickname: 'x' }),
    404,
  ],
  [
    'deleteCreator',
    () => sa.delete(ch('arena', `/creators/${k.creator ?? ''}`)),
    204,
    () => sa.delete(ch('arena', `/creators/${k.creator ?? ''}`)),
    404,
  ],
  [
    'listBroadcasts',
    () => sa.get('/broadcasts?per_page=100'),
    200,
    () => sa.get('/broadcasts?is_onair=2'),
    422,
  ],
  [
    'listChannelBroadcasts',
    () => sa.get(ch('main', '/broadcasts')),
    200,
    () => sa.get(`${unknown}/broadcasts`),
    404,
  ],
  [
    'getBroadcast',
    () => sa.get(b('onair')),
    200,
    () => sa.get('/broadcasts/zzzzzzzzzzzzzzzz'),
    404,
  ],
  [
    'updateBroadcast',
    () => sa.put(b('onair'), { title: 'Headliners, Encore' }),
    200,
    () => sa.put(b('onair'), { title: 'x'.repeat(201) }),
    422,
  ],
  [
    'startDuplicateRecording',
    () => sa.post(b('onair', '/duplicate-recording')),
    200,
    () => sa.post(b('ended', '/duplicate-recording')),
    422,
  ],
  [
    'stopDuplicateRecording',
    () => sa.delete(b('onair', '/duplicate-recording')),
    200,
    () => sa.delete(b('onair', '/duplicate-recording')),
    422,
  ],
  [
    'setTimeshiftCuePoint',
    () => sa.put(b('onair', '/cue-sign-timeshift')),
    200,
    () => sa.put(b('ended', '/cue-sign-timeshift')),
    422,
  ],
  [
    'getLikeDownload',
    () => sa.get(b('ended', '/like-download')),
    200,
    () => anonymous.get(b('ended', '/like-download')),
    401,
  ],
  [
    'getChattingDownload',
    () => sa.get(b('onair', '/chatting-download')),
    200,
    () => sa.get(b('newsOnair', '/chatting-download')),
    422,
  ],
  [
    'listPrograms',
    () => sa.get('/programs?start_date=2025-06-01&end_date=2025-06-02&per_page=100'),
    200,
    () => sa.get('/programs?start_date=June'),
    422,
  ],
  [
    'listChannelPrograms',
    () => sa.get(ch('sched', '/programs')),
    200,
    () => sa.get(ch('main', '/programs')),
    422,
  ],
  [
    'createProgram',
    async () =>
      remember(
        'program',
        await sa.post(ch('sched', '/programs'), {
          title: 'Friday Focus',
          start_at: '2025-06-06T09:00:00Z',
          'upload_file_keys[]': [k.media ?? '', k.media ?? ''],
        }),
      ),
    200,
    () =>
      sa.post(ch('sched', '/programs'), {
        title: 'Too late',
        start_at: '2025-05-31T09:00:00Z',
        'upload_file_keys[]': [k.media ?? ''],
      }),
    422,
  ],
  [
    'updateProgram',
    () => sa.put(ch('sched', `/programs/${k.program ?? ''}`), { title: 'Friday Focus (extended)' }),
    200,
    () => admin.put(ch('sched', `/programs/${k.program ?? ''}`), { title: 'x' }),
    403,
  ],
  [
    'deleteProgram',
    () => sa.delete(ch('sched', `/programs/${k.program ?? ''}`)),
    204,
    () => sa.delete(ch('sched', `/programs/${k.program ?? ''}`)),
    404,
  ],
  [
    'listProgramMediaContents',
    () => admin.get('/programs/media-contents?keyword=mix'),
    200,
    () => noScope.get('/programs/media-contents'),
    403,
  ],
  [
    'createProgramMediaUploadUrl',
    () => sa.get('/programs/media-contents/upload-url?expire_time=900'),
    200,
    () => admin.get('/programs/media-contents/upload-url'),
    403,
  ],
  [
    'deleteProgramMediaContent',
    () => sa.delete(`/programs/media-contents/${k.unusedMedia ?? ''}`),
    204,
    () => sa.delete(`/programs/media-contents/${k.media ?? ''}`),
    422,
  ],
  [
    'listWaitMediaContents',
    () => admin.get('/programs/wait-media-contents'),
    200,
    () => anonymous.get('/programs/wait-media-contents'),
    401,
  ],
  [
    'createWaitFileUploadUrl',
    () => sa.post('/programs/media-contents/upload-wait-file'),
    200,
    () => admin.post('/programs/media-contents/upload-wait-file'),
    403,
  ],
  [
    'listSyndications',
    () => sa.get(ch('main', '/syndications')),
    200,
    () => sa.get(`${unknown}/syndications`),
    404,
  ],
  [
    'createSyndication',
    async () =>
      remember(
        'syndication',
        await sa.post(ch('main', '/syndications'), {
          title: 'Kick',
          link: 'rtmps://fa723fc1b171.global-contribute.live-video.net/app',
          stream_name: 'sk_kick_1',
        }),
      ),
    200,
    () => sa.post(ch('main', '/syndications'), { title: 'Kick', stream_name: 'x' }),
    422,
  ],
  [
    'getSyndication',
    () => sa.get(ch('main', `/syndications/${k.syndication ?? ''}`)),
    200,
    () => sa.get(ch('news', `/syndications/${k.syndication ?? ''}`)),
    404,
  ],
  [
    'updateSyndication',
    () => sa.put(ch('main', `/syndications/${k.syndication ?? ''}`), { status: '0' }),
    200,
    () =>
      sa.put(ch('main', `/syndications/${k.syndication ?? ''}`), {
        link: 'http://not-rtmp.example.com',
      }),
    422,
  ],
  [
    'deleteSyndication',
    () => sa.delete(ch('main', `/syndications/${k.syndication ?? ''}`)),
    204,
    () => sa.delete(ch('main', `/syndications/${k.syndication ?? ''}`)),
    404,
  ],
  [
    'listFileTransfers',
    () => sa.get(ch('main', '/file-transfers')),
    200,
    () => sa.get(ch('main', '/file-transfers?kind=dropbox')),
    422,
  ],
  [
    'createFtpFileTransfer',
    async () =>
      remember(
        'ftp',
        await sa.post(ch('news', '/file-transfers/ftp'), {
          title: 'Backup FTP',
          host: 'ftp.example.org',
          username: 'news',
          password: 'hunter2',
        }),
      ),
    200,
    () =>
      sa.post(ch('news', '/file-transfers/ftp'), {
        title: 'No password',
        host: 'ftp.example.org',
        username: 'news',
      }),
    422,
  ],
  [
    'createSftpFileTransfer',
    () =>
      sa.post(ch('news', '/file-transfers/sftp'), {
        title: 'Editor',
        host: 'sftp.example.org',
        username: 'ed',
        password: 'pw',
        port: '2222',
      }),
    200,
    () =>
      sa.post(ch('news', '/file-transfers/sftp'), {
        title: 'Bad port',
        host: 'h',
        username: 'u',
        password: 'p',
        port: '70000',
      }),
    422,
  ],
  [
    'createServiceFileTransfer',
    () =>
      sa.post(ch('news', '/file-transfers/service'), {
        title: 'VOD',
        vod_service_account_key: 'onair-vod',
        vod_channel_key: 'abc',
      }),
    200,
    () => sa.post(ch('news', '/file-transfers/service'), { title: 'VOD' }),
    422,
  ],
  [
    'createObjectStorageFileTransfer',
    () =>
      sa.post(ch('news', '/file-transfers/s3'), {
        title: 'S3',
        bucket: 'news-rec',
        region: 'us-east-1',
        access_key_id: 'AKIA1',
        secret_access_key: 's3cr3t',
      }),
    200,
    () =>
      sa.post(ch('news', '/file-transfers/s3'), {
        title: 'S3',
        bucket: 'news-rec',
        region: 'us-east-1',
        access_key_id: 'AKIA1',
      }),
    422,
  ],
  [
    'getFileTransfer',
    () => sa.get(ch('news', `/file-transfers/${k.ftp ?? ''}`)),
    200,
    () => sa.get(ch('main', `/file-transfers/${k.ftp ?? ''}`)),
    404,
  ],
  [
    'updateFileTransfer',
    () =>
      sa.put(ch('news', `/file-transfers/${k.ftp ?? ''}`), {
        directory: '/bulletins',
        password: 'new-pass',
      }),
    200,
    () => sa.put(ch('news', `/file-transfers/${k.ftp ?? ''}`), { bucket: 'wrong-kind' }),
    422,
  ],
  [
    'setFileTransferStatus',
    () => sa.put(ch('news', `/file-transfers/${k.ftp ?? ''}/status`), { is_active: '0' }),
    200,
    () => sa.put(ch('news', `/file-transfers/${k.ftp ?? ''}/status`), { is_active: 'maybe' }),
    422,
  ],
  [
    'deleteFileTransfer',
    () => sa.delete(ch('news', `/file-transfers/${k.ftp ?? ''}`)),
    204,
    () => sa.delete(ch('news', `/file-transfers/${k.ftp ?? ''}`)),
    404,
  ],
  [
    'listRecordingFiles',
    () => sa.get(`/recording-files?channel_key=${k.news ?? ''}&kind=duplicate`),
    200,
    () => sa.get('/recording-files?kind=audio'),
    422,
  ],
  [
    'listChannelRecordingFiles',
    () => sa.get(ch('arena', '/recording-files?order=id_asc')),
    200,
    () => sa.get(`${unknown}/recording-files`),
    404,
  ],
  [
    'listBroadcastRecordingFiles',
    async () => {
      const answer = await sa.get(ch('arena', `/broadcasts/${k.ended ?? ''}/recording-files`));
      k.recording = String(listOf(answer)[0]?.id);
      return answer;
    },
    200,
    () => sa.get(ch('main', `/broadcasts/${k.ended ?? ''}/recording-files`)),
    404,
  ],
  [
    'getRecordingFileDownload',
    () =>
      sa.get(
        ch('arena', `/broadcasts/${k.ended ?? ''}/recording-files/${k.recording ?? ''}/download`),
      ),
    200,
    () => sa.get(ch('arena', `/broadcasts/${k.ended ?? ''}/recording-files/999999/download`)),
    404,
  ],
  [
    'updateServiceChatting',
    () =>
      admin.post(ch('arena', '/service-chatting'), {
        use_chatting_service: '1',
        use_slow_mode: '1',
        slow_mode_seconds: '10',
      }),
    200,
    () =>
      sa.post(ch('arena', '/service-chatting'), {
        use_chatting_service: '1',
        chatting_service_id: '2',
      }),
    422,
  ],
  [
    'getChatting',
    () => sa.get(ch('arena', '/chatting')),
    200,
    () => sa.get(`${unknown}/chatting`),
    404,
  ],
  [
    'getChattingInfo',
    () => sa.get(ch('main', '/chatting-info')),
    200,
    () => sa.get(`${unknown}/chatting-info`),
    404,
  ],
  [
    'updateExternalChatting',
    () =>
      sa.post(ch('news', '/external-chatting'), {
        use_external_chatting: '1',
        external_chatting_url: 'https://chat.example.com/news',
        external_provider: 'ChatBox',
      }),
    200,
    () => sa.post(ch('arena', '/external-chatting'), { use_external_chatting: '1' }),
    422,
  ],
  [
    'getChattingJoinedUsers',
    () => sa.get(b('onair', '/chatting-joined-users-on-air')),
    200,
    () => sa.get('/broadcasts/zzzzzzzzzzzzzzzz/chatting-joined-users-on-air'),
    404,
  ],
  [
    'getChatStats',
    () =>
      sa.get(
        `/v1/service-accounts/onair-sandbox/chat/stats?unit=hour&start_date=2025-06-01&end_date=2025-06-02`,
      ),
    200,
    () =>
      sa.get(
        '/v1/service-accounts/onair-sandbox/chat/stats?start_date=2025-06-02&end_date=2025-06-01',
      ),
    422,
  ],
  [
    'getViewerStatistics',
    () => sa.get('/statistics/viewer/10min-during-a-day'),
    200,
    () => sa.get('/statistics/viewer/7min-during-a-day'),
    422,
  ],
  [
    'getChannelViewerStatistics',
    () => admin.get(ch('main', '/statistics/viewer/5min-during-a-day?start_date=2025-06-01')),
    200,
    () => sa.get(`${unknown}/statistics/viewer/5min-during-a-day`),
    404,
  ],
  [
    'getBroadcastViewerStatistics',
    () => sa.get(b('onair', '/statistics/viewer/5min-during-a-day')),
    200,
    () => noScope.get(b('onair', '/statistics/viewer/5min-during-a-day')),
    403,
  ],
  [
    'getSummaryDaily',
    () => sa.get(`/statistics/summary-daily?${period}`),
    200,
    () => sa.get('/statistics/summary-daily?start_date=2025-01-01&end_date=2025-06-01'),
    422,
  ],
  [
    'getSummary',
    () => sa.get(`/statistics/summary?${period}`),
    200,
    () => sa.get('/statistics/summary?start_date=2025-05-01'),
    422,
  ],
  [
    'getChannelSummary',
    () => sa.get(ch('arena', `/statistics/summary?${period}`)),
    200,
    () => sa.get(`${unknown}/statistics/summary?${period}`),
    404,
  ],
  [
    'getBroadcastSummary',
    () => sa.get(b('ended', '/statistics/summary')),
    200,
    () => sa.get(b('onair', '/statistics/summary')),
    422,
  ],
  [
    'getVodSummaryDaily',
    () =>
      sa.get(
        `/v1/vod/service-accounts/onair-sandbox/statistics/summary-daily?start_date=2025-05-31&end_date=2025-06-02`,
      ),
    200,
    () =>
      sa.get(
        '/v1/vod/service-accounts/onair-sandbox/statistics/summary-daily?start_date=2025-01-01&end_date=2025-06-01',
      ),
    422,
  ],
];

describe('every live operation answers as documented', () => {
  it('covers each of the 71 live operations once', () => {
    const documented = listOperations('live').map((operation) => operation.operationId);
    expect(documented).toHaveLength(71);
    expect(cases.map(([operationId]) => operationId).sort()).toEqual([...documented].sort());
  });

  it.each(cases.map((entry) => [entry[0], entry] as const))(
    '%s: success and error',
    async (_id, entry) => {
      const [operationId, ok, okStatus, error, errorStatus] = entry;
      expectDocumented(operationId, await ok(), okStatus);
      expectDocumented(operationId, await error(), errorStatus);
    },
  );
});
