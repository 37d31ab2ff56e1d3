/**
 * VOD contract, library half: reference lists, categories, channels, media content keys,
 * media settings, upload URLs and media contents. Each operation is called once succeeding
 * and once failing through the app's client (createVodApi over a real scheduler), and
 * every answer is validated against vod-v3.yaml with ajv.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../sandbox/index';
import { startSandbox } from '../sandbox/index';
import { everyTestAsserts, operationsTagged } from './contract-support';
import { ContractChecker, vodCaller } from './vod-contract-support';

type List<T> = { data: T[] };
type Keyed = { key: string; name: string };
type Content = { upload_file_key: string; title: string; status: string };

let sandbox: SandboxHandle;
let call: ReturnType<typeof vodCaller>;
const contract = new ContractChecker();
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

everyTestAsserts();
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  call = vodCaller(sandbox.info);
});
afterAll(async () => {
  call.dispose();
  await sandbox.close();
});

async function contentTitled(title: string): Promise<Content> {
  const list = await call<List<Content>>('GET', '/media-contents?per_page=100');
  const found = list.body.data.find((content) => content.title === title);
  if (found === undefined) throw new Error(`seed content ${title} missing`);
  return found;
}

describe('VOD contract: library operations', () => {
  it('reference lists', async () => {
    for (const [id, path] of [
      ['listCountries', '/countries'],
      ['listLanguages', '/languages?subtitle_supported=1'],
      ['listTimezones', '/timezones'],
    ] as const) {
      await contract.check(id, 200, () => call('GET', path));
      await contract.check(id, 401, () => call('GET', path, { token: null }));
    }
    await contract.check('listMediaContents', 200, () => call('GET', '/media-contents'));
    await contract.check('listMediaContents', 422, () => call('GET', '/media-contents?page=0'));
  });

  it('categories', async () => {
    const c = contract;
    const all = await c.check<List<Keyed>>('listCategories', 200, () => call('GET', '/categories'));
    await c.check('listCategories', 404, () => call('GET', '/categories?parent_category_key=nope'));
    const top = all.body.data[0]?.key ?? '';
    const made = await c.check<{ data: Keyed }>('createCategory', 200, () =>
      call('POST', '/categories', { form: { name: 'Interviews', parent_category_key: top } }),
    );
    await c.check('createCategory', 422, () => call('POST', '/categories', { form: {} }));
    const key = made.body.data.key;
    await c.check('getCategory', 200, () => call('GET', `/categories/${key}`));
    await c.check('getCategory', 404, () => call('GET', '/categories/nope'));
    await c.check('updateCategory', 200, () =>
      call('PUT', `/categories/${key}`, { form: { name: 'Long interviews' } }),
    );
    await c.check('updateCategory', 422, () =>
      call('PUT', `/categories/${key}`, { form: { name: '' } }),
    );
    const channels = await call<List<Keyed>>('GET', '/channels');
    const channel = channels.body.data[0]?.key ?? '';
    const link = `/categories/${key}/channels/${channel}`;
    await c.check('attachCategoryChannel', 204, () => call('POST', `${link}/attach`));
    await c.check('attachCategoryChannel', 422, () => call('POST', `${link}/attach`));
    await c.check('detachCategoryChannel', 204, () => call('DELETE', `${link}/detach`));
    await c.check('detachCategoryChannel', 422, () => call('DELETE', `${link}/detach`));
    await c.check('listCategoryMediaContents', 200, () =>
      call('GET', `/categories/${top}/media-contents`),
    );
    await c.check('listCategoryMediaContents', 404, () =>
      call('GET', '/categories/nope/media-contents'),
    );
    await c.check('deleteCategory', 200, () => call('DELETE', `/categories/${key}`));
    await c.check('deleteCategory', 404, () => call('DELETE', `/categories/${key}`));
  });

  it('channels', async () => {
    const c = contract;
    await c.check('listChannels', 200, () => call('GET', '/channels?kind=1&status=1'));
    await c.check('listChannels', 422, () => call('GET', '/channels?kind=7'));
    const made = await c.check<{ data: Keyed }>('createChannel', 200, () =>
      call('POST', '/channels', { form: { name: 'Pop-up Channel', kind: '0' } }),
    );
    await c.check('createChannel', 422, () => call('POST', '/channels', { form: { kind: '0' } }));
    const ch = `/channels/${made.body.data.key}`;
    await c.check('getChannel', 200, () => call('GET', ch));
    await c.check('getChannel', 404, () => call('GET', '/channels/nope'));
    await c.check('updateChannel', 200, () =>
      call('PUT', ch, { form: { streaming_format: 'dash' } }),
    );
    await c.check('updateChannel', 422, () =>
      call('PUT', ch, { form: { streaming_format: 'rtmp' } }),
    );
    const content = await contentTitled('Matchday 13 Highlights');
    const link = `${ch}/media-contents/${content.upload_file_key}`;
    await c.check('attachChannelMediaContent', 204, () => call('POST', `${link}/attach`));
    await c.check('attachChannelMediaContent', 422, () => call('POST', `${link}/attach`));
    await c.check('listChannelMediaContents', 200, () => call('GET', `${ch}/media-contents`));
    await c.check('listChannelMediaContents', 404, () =>
      call('GET', '/channels/nope/media-contents'),
    );
    await c.check('detachChannelMediaContent', 204, () => call('DELETE', `${link}/detach`));
    await c.check('detachChannelMediaContent', 422, () => call('DELETE', `${link}/detach`));
    await c.check('attachChannelPlayerSkin', 204, () =>
      call('POST', `${ch}/player-skins/2/attach`),
    );
    await c.check('attachChannelPlayerSkin', 404, () =>
      call('POST', `${ch}/player-skins/99/attach`),
    );
    await c.check('detachChannelPlayerSkin', 204, () => call('DELETE', `${ch}/player-skins`));
    await c.check('detachChannelPlayerSkin', 422, () => call('DELETE', `${ch}/player-skins`));
    const url = 'https://hooks.example.com/vod';
    for (const [id, path, form, bad] of [
      [
        'updateChannelCallback',
        'callback',
        { callback_url: url, use_pingback: '1' },
        { callback_url: 'ftp://x' },
      ],
      ['updateChannelDownloadCallback', 'download-callback', { download_callback_url: url }, {}],
      [
        'updateChannelSecurity',
        'security',
        { block_external_output: '1' },
        { block_external_output: '2' },
      ],
      [
        'updateChannelReferer',
        'referer',
        { mode: 'allow', domains: 'example.com' },
        { mode: 'allow' },
      ],
    ] as const) {
      await c.check(id, 200, () => call('PUT', `${ch}/${path}`, { form }));
      await c.check(id, 422, () => call('PUT', `${ch}/${path}`, { form: bad }));
    }
    await c.check('deleteChannel', 200, () => call('DELETE', ch));
    await c.check('deleteChannel', 404, () => call('DELETE', ch));
  });

  it('media content keys, media settings and upload URLs', async () => {
    const c = contract;
    const content = await contentTitled('Council Meeting: Zoning');
    const detail = await call<{ data: { media_content_keys: string[] } }>(
      'GET',
      `/media-contents/${content.upload_file_key}`,
    );
    const key = detail.body.data.media_content_keys[0] ?? '';
    await c.check('getMediaContentKey', 200, () => call('GET', `/media-content-keys/${key}`));
    await c.check('getMediaContentKey', 404, () => call('GET', '/media-content-keys/ZZZZZZZZ'));
    await c.check('validateMediaContentKey', 200, () =>
      call('GET', `/media-content-keys/validate?media_content_key=${key}`),
    );
    await c.check('validateMediaContentKey', 422, () =>
      call('GET', '/media-content-keys/validate?media_content_key=short'),
    );
    const other = await contentTitled('Matchday 13 Highlights');
    const assign = (ufk: string) => `/media-contents/${ufk}/media-content-keys/${key}/assign`;
    await c.check('assignMediaContentKey', 200, () => call('PUT', assign(content.upload_file_key)));
    await c.check('assignMediaContentKey', 422, () => call('PUT', assign(other.upload_file_key)));
    await c.check('serviceEncrypt', 200, () =>
      call('POST', '/media/service-encrypt', { form: { plaintext: 'user=42' } }),
    );
    await c.check('serviceEncrypt', 422, () =>
      call('POST', '/media/service-encrypt', { form: {} }),
    );
    const made = await c.check<{ data: { user_key: string } }>('createUserKey', 200, () =>
      call('POST', '/media/user-key'),
    );
    for (let i = 0; i < 7; i += 1) await call('POST', '/media/user-key');
    await c.check('createUserKey', 422, () => call('POST', '/media/user-key'));
    const old = made.body.data.user_key;
    const renewed = await c.check<{ data: { user_key: string } }>('reissueUserKey', 200, () =>
      call('PUT', `/media/user-key/${old}`),
    );
    await c.check('reissueUserKey', 404, () => call('PUT', `/media/user-key/${old}`));
    const fresh = renewed.body.data.user_key;
    await c.check('deleteUserKey', 200, () => call('DELETE', `/media/user-key/${fresh}`));
    await c.check('deleteUserKey', 404, () => call('DELETE', `/media/user-key/${fresh}`));
    await c.check('getWatermarkingCode', 200, () => call('GET', '/media/watermarking-code'));
    await c.check('getWatermarkingCode', 401, () =>
      call('GET', '/media/watermarking-code', { token: 'wrong' }),
    );
    await c.check('createUploadUrl', 200, () => call('POST', '/upload/create-url', { form: {} }));
    await c.check('createUploadUrl', 422, () =>
      call('POST', '/upload/create-url', { form: { expire_time: '21601' } }),
    );
  });

  it('media contents', async () => {
    const c = contract;
    const content = await contentTitled('Backstage Tour with the Crew');
    const mc = `/media-contents/${content.upload_file_key}`;
    await c.check('getMediaContent', 200, () => call('GET', mc));
    await c.check('getMediaContent', 404, () => call('GET', '/media-contents/20250101-zzzzzzzz'));
    await c.check('updateMediaContent', 200, () =>
      call('PUT', mc, {
        form: { title: 'Backstage Tour', vr_projection_type: 'equirectangular_360' },
      }),
    );
    await c.check('updateMediaContent', 422, () =>
      call('PUT', mc, { form: { sound_mode: 'loud' } }),
    );
    const categories = await call<List<Keyed>>('GET', '/categories');
    const archive = categories.body.data.find((category) => category.name === 'Archive')?.key;
    await c.check('moveMediaContentToCategory', 200, () =>
      call('PUT', `${mc}/categories/${archive ?? ''}`),
    );
    await c.check('moveMediaContentToCategory', 404, () => call('PUT', `${mc}/categories/nope`));
    await c.check('disableMediaContent', 200, () => call('PUT', `${mc}/disable`));
    await c.check('disableMediaContent', 422, () => call('PUT', `${mc}/disable`));
    await c.check('enableMediaContent', 200, () => call('PUT', `${mc}/enable`));
    await c.check('enableMediaContent', 422, () => call('PUT', `${mc}/enable`));
    const form = new FormData();
    form.append('poster', new Blob([png], { type: 'image/png' }), 'still.png');
    await c.check('uploadMediaContentPoster', 200, () =>
      call('POST', `${mc}/poster`, { multipart: form }),
    );
    await c.check('uploadMediaContentPoster', 422, () =>
      call('POST', `${mc}/poster`, {
        form: { poster: Buffer.from('not an image').toString('base64') },
      }),
    );
    await c.check('getMediaContentPosterDownload', 200, () => call('GET', `${mc}/poster/download`));
    const audio = await contentTitled('Sunday Worship (audio only)');
    await c.check('getMediaContentPosterDownload', 404, () =>
      call('GET', `/media-contents/${audio.upload_file_key}/poster/download`),
    );
    const kept = await contentTitled('Data Structures, Lecture 6: Trees');
    await c.check('getMediaContentOriginalFileDownload', 200, () =>
      call('GET', `/media-contents/${kept.upload_file_key}/original-file/download`),
    );
    await c.check('getMediaContentOriginalFileDownload', 422, () =>
      call('GET', `${mc}/original-file/download`),
    );
    await c.check('getMediaContentProgress', 200, () => call('GET', `${mc}/progress`));
    await c.check('getMediaContentProgress', 404, () =>
      call('GET', '/media-contents/20250101-zzzzzzzz/progress'),
    );
    await c.check('deleteMediaContent', 200, () => call('DELETE', mc));
    await c.check('deleteMediaContent', 404, () => call('DELETE', mc));
  });

  it('covers every library operation with a success and an error', () => {
    expect(contract.covered()).toEqual(
      operationsTagged('vod', [
        'Reference data',
        'Categories',
        'Channels',
        'Media content keys',
        'Media',
        'Upload',
        'Media contents',
      ]),
    );
  });
});
