import { describe, expect, it } from 'vitest';
import type { Program, ProgramMedia } from '../../../src-main/shared/model';
import { describeOperations, durationWords, rowTime } from './batch-rows';

const media: ProgramMedia[] = [
  { uploadFileKey: 'mix', title: 'Lo-fi Mix', durationS: 1800 },
  { uploadFileKey: 'ident', title: 'Station Ident', durationS: 30 },
];
const existing: Program = {
  id: 4,
  channelKey: 'lofi',
  title: 'Rainy Day Beats',
  startAt: '2026-11-24T10:00:00Z',
  endAt: '2026-11-24T11:00:00Z',
  durationS: 3600,
  status: 'scheduled',
  media: [{ uploadFileKey: 'mix', title: 'Lo-fi Mix', durationS: 3600 }],
  waitMediaContentKey: null,
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const create = (title: string, startAt: string, keys: string[]) => ({
  op: 'create' as const,
  channelKey: 'lofi',
  title,
  startAt,
  uploadFileKeys: keys,
});

describe('batch preview rows', () => {
  it('gives each created program its end from the media and flags an overlap', () => {
    const rows = describeOperations(
      [
        create('Morning', '2026-11-24T09:00:00Z', ['mix', 'ident']),
        create('Late', '2026-11-24T09:40:00Z', ['mix']),
      ],
      media,
      [existing],
    );
    expect(rows[0]).toMatchObject({
      action: 'Create',
      title: 'Morning',
      endMs: Date.parse('2026-11-24T09:30:30Z'),
      clash: null,
    });
    expect(rows[1]?.clash).toMatchObject({ title: 'Rainy Day Beats' });
    expect(rowTime(rows[0] ?? { startMs: null, endMs: null })).toBe('Tue 24 Nov 09:00–09:30 UTC');
  });

  it('names a deleted program by its title and frees its time for the rest of the plan', () => {
    const rows = describeOperations(
      [
        { op: 'delete', channelKey: 'lofi', programId: 4 },
        create('Instead', '2026-11-24T10:00:00Z', ['mix']),
      ],
      media,
      [existing],
    );
    expect(rows.map((r) => [r.action, r.title, r.clash])).toEqual([
      ['Delete', 'Rainy Day Beats', null],
      ['Create', 'Instead', null],
    ]);
  });

  it('leaves the end open when a media duration is unknown', () => {
    const [row] = describeOperations([create('X', '2026-11-24T12:00:00Z', ['gone'])], media, []);
    expect(row?.endMs).toBeNull();
    expect(rowTime(row ?? { startMs: null, endMs: null })).toBe('Tue 24 Nov 12:00 UTC');
  });

  it('says a duration in seconds, minutes or hours', () => {
    expect(durationWords(1)).toBe('1 s');
    expect(durationWords(125)).toBe('2 min 05 s');
    expect(durationWords(3720)).toBe('1 h 02 min');
  });
});
