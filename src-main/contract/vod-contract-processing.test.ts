/**
 * VOD contract, processing half: transcoding files and jobs, subtitles, media profiles, player
 * skins and events, statistics and AI. Each operation is called once succeeding and once
 * failing through the app's client (createVodApi over a real scheduler); every answer is
 * validated against vod-v3.yaml with ajv.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../sandbox/index';
import { startSandbox } from '../sandbox/index';
import { everyTestAsserts, operationsTagged } from './contract-support';
import { ContractChecker, vodCaller } from './vod-contract-support';

type List<T> = { data: T[] };
type Content = { upload_file_key: string; title: string };
type File = { id: number; media_profile_key: string };

let sandbox: SandboxHandle;
let call: ReturnType<typeof vodCaller>;
const contract = new ContractChecker();
const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nGood evening.\n';

everyTestAsserts();
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  call = vodCaller(sandbox.info);
});
afterAll(async () => {
  call.dispose();
  await sandbox.close();
});

async function path(title: string): Promise<string> {
  const list = await call<List<Content>>('GET', '/media-contents?per_page=100');
  const found = list.body.data.find((content) => content.title === title);
  if (found === undefined) throw new Error(`seed content ${title} missing`);
  return `/media-contents/${found.upload_file_key}`;
}

describe('VOD contract: processing operations', () => {
  it('transcoding files and jobs', async () => {
    const c = contract;
    const mc = await path('Matchday 13 Highlights');
    const files = await c.check<List<File>>('listTranscodingFiles', 200, () =>
      call('GET', `${mc}/transcoding-files`),
    );
    await c.check('listTranscodingFiles', 404, () =>
      call('GET', '/media-contents/20250101-zzzzzzzz/transcoding-files'),
    );
    const [first, second] = files.body.data;
    const tf = `${mc}/transcoding-files/${first?.id ?? 0}`;
    await c.check('getTranscodingFileDownload', 200, () => call('GET', `${tf}/download`));
    const running = await path('Summer Festival, Day 1: Opening Night');
    const runningFiles = await call<List<File>>('GET', `${running}/transcoding-files`);
    await c.check('getTranscodingFileDownload', 422, () =>
      call('GET', `${running}/transcoding-files/${runningFiles.body.data[0]?.id ?? 0}/download`),
    );
    await c.check('disableTranscodingFile', 200, () => call('PUT', `${tf}/disable`));
    await c.check('disableTranscodingFile', 404, () =>
      call('PUT', `${mc}/transcoding-files/1/disable`),
    );
    await c.check('enableTranscodingFile', 200, () => call('PUT', `${tf}/enable`));
    await c.check('enableTranscodingFile', 404, () =>
      call('PUT', `${mc}/transcoding-files/1/enable`),
    );
    const profile = `${mc}/media-profiles/${second?.media_profile_key ?? ''}`;
    await c.check('disableMediaContentProfileFiles', 200, () => call('PUT', `${profile}/disable`));
    await c.check('disableMediaContentProfileFiles', 404, () =>
      call('PUT', `${mc}/media-profiles/nope/disable`),
    );
    await c.check('enableMediaContentProfileFiles', 200, () => call('PUT', `${profile}/enable`));
    await c.check('enableMediaContentProfileFiles', 404, () =>
      call('PUT', `${mc}/media-profiles/nope/enable`),
    );
    const job = `${profile}/transcoding-jobs`;
    await c.check('createTranscodingJob', 200, () => call('POST', job));
    await c.check('createTranscodingJob', 422, () => call('POST', job));
    await c.check('deleteTranscodingFile', 200, () => call('DELETE', tf));
    await c.check('deleteTranscodingFile', 404, () => call('DELETE', tf));
    await c.check('deleteMediaContentProfileFiles', 200, () => call('DELETE', profile));
    await c.check('deleteMediaContentProfileFiles', 404, () => call('DELETE', profile));
  });

  it('subtitles', async () => {
    const c = contract;
    const sb = `${await path('Data Structures, Lecture 6: Trees')}/subtitles`;
    const list = await c.check<List<{ id: number }>>('listSubtitles', 200, () =>
      call('GET', `${sb}?language_code=en`),
    );
    await c.check('listSubtitles', 404, () =>
      call('GET', '/media-contents/20250101-zzzzzzzz/subtitles'),
    );
    const made = await c.check<{ data: { id: number } }>('createSubtitle', 200, () =>
      call('POST', sb, { form: { name: 'Español', language_code: 'es', content: vtt } }),
    );
    await c.check('createSubtitle', 422, () =>
      call('POST', sb, { form: { name: 'Hindi', language_code: 'hi', content: vtt } }),
    );
    const file = new FormData();
    file.append('name', 'Français');
    file.append('language_code', 'fr');
    file.append('file', new Blob([vtt], { type: 'text/vtt' }), 'fr.vtt');
    await c.check('uploadSubtitle', 200, () => call('POST', `${sb}/upload`, { multipart: file }));
    await c.check('uploadSubtitle', 422, () =>
      call('POST', `${sb}/upload`, { form: { name: 'x', language_code: 'fr' } }),
    );
    const one = `${sb}/${made.body.data.id}`;
    await c.check('replaceSubtitleFile', 200, () =>
      call('POST', `${one}/upload`, { form: { file: Buffer.from(vtt).toString('base64') } }),
    );
    await c.check('replaceSubtitleFile', 422, () =>
      call('POST', `${one}/upload`, { form: { file: Buffer.from('no cues').toString('base64') } }),
    );
    await c.check('getSubtitle', 200, () => call('GET', one));
    await c.check('getSubtitle', 404, () => call('GET', `${sb}/1`));
    await c.check('updateSubtitle', 200, () => call('PUT', one, { form: { status: '0' } }));
    await c.check('updateSubtitle', 422, () => call('PUT', one, { form: { kind: '3' } }));
    const target = list.body.data[0]?.id ?? 0;
    await c.check('moveSubtitle', 200, () =>
      call('PUT', `${one}/move`, { form: { id: String(target) } }),
    );
    await c.check('moveSubtitle', 422, () => call('PUT', `${one}/move`, { form: { id: '1' } }));
    await c.check('moveSubtitleFirst', 200, () => call('PUT', `${one}/move-first`));
    await c.check('moveSubtitleFirst', 404, () => call('PUT', `${sb}/1/move-first`));
    await c.check('moveSubtitleLast', 200, () => call('PUT', `${one}/move-last`));
    await c.check('moveSubtitleLast', 404, () => call('PUT', `${sb}/1/move-last`));
    await c.check('deleteSubtitle', 200, () => call('DELETE', one));
    await c.check('deleteSubtitle', 404, () => call('DELETE', one));
  });

  it('media profiles, player skins and events', async () => {
    const c = contract;
    for (const [id, p] of [
      ['listMediaProfileFormats', '/media-profiles/format'],
      ['listMediaProfilePresets', '/media-profiles/preset'],
      ['listMediaProfileGroups', '/media-profile-groups'],
      ['listMediaProfiles', '/media-profiles'],
      ['listPlayerSkins', '/player-skins'],
      ['listPlayerEvents', '/player-events'],
    ] as const) {
      await c.check(id, 200, () => call('GET', p));
      await c.check(id, 401, () => call('GET', p, { token: null }));
    }
    const made = await c.check<{ data: { key: string } }>('createMediaProfile', 200, () =>
      call('POST', '/media-profiles', { form: { preset_id: '2', name: 'Lecture 720p' } }),
    );
    await c.check('createMediaProfile', 422, () =>
      call('POST', '/media-profiles', { form: { preset_id: '5' } }),
    );
    const mp = `/media-profiles/${made.body.data.key}`;
    await c.check('getMediaProfile', 200, () => call('GET', mp));
    await c.check('getMediaProfile', 404, () => call('GET', '/media-profiles/nope'));
    await c.check('updateMediaProfile', 200, () =>
      call('PUT', mp, { form: { video_bitrate: '3000' } }),
    );
    await c.check('updateMediaProfile', 422, () =>
      call('PUT', mp, { form: { video_codec: 'av1' } }),
    );
    const categories = await call<List<{ key: string }>>('GET', '/categories');
    const link = `${mp}/categories/${categories.body.data[0]?.key ?? ''}`;
    await c.check('attachMediaProfileCategory', 204, () => call('POST', `${link}/attach`));
    await c.check('attachMediaProfileCategory', 422, () => call('POST', `${link}/attach`));
    await c.check('detachMediaProfileCategory', 204, () => call('DELETE', `${link}/detach`));
    await c.check('detachMediaProfileCategory', 422, () => call('DELETE', `${link}/detach`));
    await c.check('deletePlayerSkin', 200, () => call('DELETE', '/player-skins/3'));
    await c.check('deletePlayerSkin', 404, () => call('DELETE', '/player-skins/3'));
    await c.check('deletePlayerEvent', 200, () => call('DELETE', '/player-events/13'));
    await c.check('deletePlayerEvent', 404, () => call('DELETE', '/player-events/13'));
  });

  it('statistics', async () => {
    const c = contract;
    const channels = await call<List<{ key: string }>>('GET', '/channels');
    const period = '?start_date=2025-05-01&end_date=2025-05-30';
    const tooLong = '?start_date=2025-01-01&end_date=2025-05-30';
    for (const [id, p] of [
      ['getContentRank', '/statistics/content-rank'],
      [
        'getChannelContentRank',
        `/channels/${channels.body.data[0]?.key ?? ''}/statistics/content-rank`,
      ],
      ['getChannelStatistics', '/statistics/channels'],
      ['getSummaryDaily', '/statistics/summary-daily'],
    ] as const) {
      await c.check(id, 200, () => call('GET', `${p}${period}`));
      await c.check(id, 422, () => call('GET', `${p}${tooLong}`));
    }
  });

  it('AI', async () => {
    const c = contract;
    const mc = await path('Council Meeting: Zoning');
    const form = { language_code: 'ko', kind: '0', status: '1' };
    await c.check('createAiSubtitle', 204, () => call('POST', `${mc}/ai-subtitles`, { form }));
    await c.check('createAiSubtitle', 422, () =>
      call('POST', `${mc}/ai-subtitles`, { form: { ...form, language_code: 'ja' } }),
    );
    await c.check('createAiOutline', 204, () =>
      call('POST', `${mc}/ai-outlines`, { form: { language_code: 'en' } }),
    );
    await c.check('createAiOutline', 409, () =>
      call('POST', `${mc}/ai-outlines`, { form: { language_code: 'en' } }),
    );
    await c.check('getAiOutline', 200, () => call('GET', `${mc}/ai-outlines?language_code=en`));
    await c.check('getAiOutline', 404, () => call('GET', `${mc}/ai-outlines?language_code=ko`));
    await c.check('createAiScript', 204, () => call('POST', `${mc}/ai-scripts`));
    await c.check('createAiScript', 403, () =>
      path('Product Launch Keynote (archived)').then((p) => call('POST', `${p}/ai-scripts`)),
    );
  });

  it('covers every processing operation with a success and an error', () => {
    expect(contract.covered()).toEqual(
      operationsTagged('vod', [
        'Transcoding files',
        'Subtitles',
        'Media profiles',
        'Player skins',
        'Player events',
        'Statistics',
        'AI',
      ]),
    );
  });
});
