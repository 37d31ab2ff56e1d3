/**
 * Live contract of broadcasts, programs (schedule and media contents) and syndications
 * (live-v1.yaml): each operation answers its documented success and at least one documented
 * error through the app's client (createLiveApi over a real scheduler), with bodies that match
 * the documented schemas (ajv). Cases run in order on one sandbox; later cases use what
 * earlier ones created.
 */
import { describeLiveArea, liveAreas, useLiveContract } from './live-contract-support';
import type { Case } from './live-contract-support';

const { sa, admin, anonymous, noScope, k, ch, b, remember } = useLiveContract();
const unknown = '/channels/zzzzzzzzzzzzzzzz';

const cases: Case[] = [
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
];

describeLiveArea(liveAreas.broadcasts, cases);
