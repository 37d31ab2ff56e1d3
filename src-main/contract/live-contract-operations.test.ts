/**
 * Live contract of chat, statistics, recording destinations (tag "File transfers") and recording
 * files (live-v1.yaml): each operation answers its documented success and at least one
 * documented error through the app's client (createLiveApi over a real scheduler), with bodies
 * that match the documented schemas (ajv). Cases run in order on one sandbox; later cases use
 * what earlier ones created.
 */
import { describeLiveArea, liveAreas, useLiveContract, listOf } from './live-contract-support';
import type { Case } from './live-contract-support';

const { sa, admin, anonymous, noScope, k, ch, b, remember } = useLiveContract();
const unknown = '/channels/zzzzzzzzzzzzzzzz';
const period = 'start_date=2025-05-01&end_date=2025-06-01';

const cases: Case[] = [
  [
    'listChattingServices',
    () => sa.get('/chatting-services'),
    200,
    () => anonymous.get('/chatting-services'),
    401,
  ],
  [
    'getChattingDownload',
    () => sa.get(b('mainEnded', '/chatting-download')),
    200,
    // Still on air: the chat can be downloaded once the broadcast ends.
    () => sa.get(b('onair', '/chatting-download')),
    422,
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

describeLiveArea(liveAreas.operations, cases);
