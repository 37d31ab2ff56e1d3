import { describe, expect, it } from 'vitest';
import type { Program } from '../../../src-main/shared/model';
import { shownAfter } from './edits';

const program = (id: number, startAt: string, durationS: number): Program => ({
  id,
  channelKey: 'CH',
  title: `P${id}`,
  startAt,
  endAt: new Date(Date.parse(startAt) + durationS * 1000).toISOString(),
  durationS,
  status: 'scheduled',
  media: [],
  waitMediaContentKey: null,
  updatedAt: '2026-11-20T08:00:00.000Z',
});

describe('shownAfter (what Undo and Redo show before the platform answers)', () => {
  const list = [
    program(1, '2026-11-23T04:00:00.000Z', 1800),
    program(2, '2026-11-23T05:25:00.000Z', 2430),
  ];

  it('puts a moved program back where the operation says, same length, in start order', () => {
    const after = shownAfter(list, {
      op: 'update',
      channelKey: 'CH',
      programId: 2,
      startAt: '2026-11-23T03:00:00+00:00',
    });
    expect(after?.map((p) => [p.id, p.startAt, p.endAt])).toEqual([
      [2, '2026-11-23T03:00:00Z', '2026-11-23T03:40:30Z'],
      [1, '2026-11-23T04:00:00.000Z', '2026-11-23T04:30:00.000Z'],
    ]);
  });

  it('drops a deleted program and sets a waiting screen', () => {
    expect(shownAfter(list, { op: 'delete', channelKey: 'CH', programId: 1 })).toEqual([list[1]]);
    const after = shownAfter(list, {
      op: 'update',
      channelKey: 'CH',
      programId: 1,
      waitMediaContentKey: 'W1',
    });
    expect(after?.[0]?.waitMediaContentKey).toBe('W1');
  });

  it('leaves what only the platform can tell to a re-read: creates and new media', () => {
    expect(
      shownAfter(list, {
        op: 'create',
        channelKey: 'CH',
        title: 'New',
        startAt: '2026-11-23T06:30:00Z',
        uploadFileKeys: ['k'],
      }),
    ).toBeNull();
    expect(
      shownAfter(list, { op: 'update', channelKey: 'CH', programId: 1, uploadFileKeys: ['k'] }),
    ).toBeNull();
  });
});
