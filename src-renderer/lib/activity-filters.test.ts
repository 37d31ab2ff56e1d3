import { describe, expect, it } from 'vitest';
import {
  activityFilterInput,
  noActivityFilters,
  seatValue,
  workstationSeat,
} from './activity-filters';

describe('the Activity filters as command input', () => {
  it('starts on people and the platform, and leaves empty filters out', () => {
    expect(activityFilterInput(noActivityFilters)).toEqual({ origin: 'people' });
    expect(activityFilterInput({ ...noActivityFilters, origin: 'app' })).toEqual({ origin: 'app' });
    expect(activityFilterInput({ ...noActivityFilters, origin: 'all' })).toEqual({});
  });

  it('says this workstation as the empty seat, a seat by its name, and reads times as UTC', () => {
    expect(
      activityFilterInput({
        origin: 'all',
        seat: workstationSeat,
        operator: 'Mina',
        channelKey: 'main',
        kind: 'command',
        from: '2026-11-20T21:00',
        to: '2026-11-20T21:05:30',
      }),
    ).toEqual({
      seat: '',
      operator: 'Mina',
      channelKey: 'main',
      kinds: ['command'],
      from: '2026-11-20T21:00:00Z',
      to: '2026-11-20T21:05:30Z',
    });
    expect(
      activityFilterInput({ ...noActivityFilters, origin: 'all', seat: seatValue('workstation') }),
    ).toEqual({ seat: 'workstation' });
  });
});
