/**
 * A group given its slice of the state (operation.ts `sliceOf`) works on the same records as
 * the whole state: what one group changes, a sliced group sees, and the other way round.
 */
import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock';
import { sliceOf } from './operation';
import { liveFileTransferOperations } from '../live/routes/live-file-transfers';
import { vodCategoryOperations } from '../vod/routes/vod-categories';
import { vodContentOperations } from '../vod/routes/vod-contents';
import { seedState } from '../seed/seed';

const start = new Date('2025-06-01T12:00:00Z');

describe('sliceOf', () => {
  it('holds only the keys asked for, as the same records', () => {
    const state = seedState(1, start);
    const slice = sliceOf({ state, clock: new VirtualClock(start, () => 0) }, 'live', 'channels');
    expect(Object.keys(slice.state).sort()).toEqual(['channels', 'live']);
    expect(slice.state.live).toBe(state.live);
    expect(slice.state.channels).toBe(state.channels);
  });

  it('a sliced group sees a channel added through the whole state, and its changes are seen', () => {
    const state = seedState(1, start);
    const clock = new VirtualClock(start, () => 0);
    const handlers = liveFileTransferOperations(
      sliceOf({ state, clock }, 'live', 'channels', 'ids'),
    );
    const model = state.channels[0];
    if (model === undefined) throw new Error('the seed has no channel');
    state.channels.push({ ...model, id: 9999, key: 'slicechannel0001', title: 'Added later' });
    const before = state.live.fileTransfers.length;
    handlers.createSftpFileTransfer?.({
      params: { service_account_key: state.serviceAccountKey, channel_key: 'slicechannel0001' },
      query: {},
      body: {
        title: 'Archive',
        host: 'sftp.example.net',
        port: 22,
        username: 'archive',
        password: 'secret',
        directory: '/in',
      },
    });
    expect(state.live.fileTransfers).toHaveLength(before + 1);
    expect(state.live.fileTransfers.at(-1)).toMatchObject({
      channelKey: 'slicechannel0001',
      kind: 'sftp',
      title: 'Archive',
    });
  });

  it('VOD groups on their slice change the media contents in place, details on each record', () => {
    const state = seedState(1, start);
    const clock = new VirtualClock(start, () => 0);
    const slice = sliceOf({ state, clock }, 'ids', 'vod', 'mediaContents');
    expect(Object.keys(slice.state).sort()).toEqual(['ids', 'mediaContents', 'vod']);
    const contents = vodContentOperations(slice);
    const categories = vodCategoryOperations(slice);
    const list = state.mediaContents;
    const [moved, deleted] = list;
    if (moved === undefined || deleted === undefined) throw new Error('the seed has no contents');
    const category = state.vod.categories.find((item) => item.key !== moved.categoryKey);
    if (category === undefined) throw new Error('the seed has no other category');
    const counted = () =>
      (
        categories.getCategory?.({
          params: { category_key: category.key },
          query: {},
          body: {},
        }) as {
          data: { count_of_media_contents: number };
        }
      ).data.count_of_media_contents;
    const before = counted();

    contents.moveMediaContentToCategory?.({
      params: { upload_file_key: moved.uploadFileKey, category_key: category.key },
      query: {},
      body: {},
    });
    expect(moved.categoryKey).toBe(category.key);
    expect(counted()).toBe(before + 1);

    contents.deleteMediaContent?.({
      params: { upload_file_key: deleted.uploadFileKey },
      query: {},
      body: {},
    });
    expect(state.mediaContents).toBe(list);
    expect(list).not.toContain(deleted);
    expect(
      state.vod.transcodingFiles.some((file) => file.uploadFileKey === deleted.uploadFileKey),
    ).toBe(false);
  });
});
