import { describe, expect, it } from 'vitest';
import type { Program } from '../../../src-main/shared/model';
import { History, inverseOf } from './history';

const program: Program = {
  id: 7,
  channelKey: 'lofi',
  title: 'Morning Jazz',
  startAt: '2026-11-20T09:00:00Z',
  endAt: '2026-11-20T10:00:00Z',
  durationS: 3600,
  status: 'scheduled',
  media: [
    { uploadFileKey: 'a', title: 'A', durationS: 1800 },
    { uploadFileKey: 'b', title: 'B', durationS: 1800 },
  ],
  waitMediaContentKey: 'wait1',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

describe('inverse operations', () => {
  it('undoes a move by moving back, touching only the changed fields', () => {
    const inverse = inverseOf(
      { op: 'update', channelKey: 'lofi', programId: 7, startAt: '2026-11-20T09:30:00Z' },
      program,
      null,
    );
    expect(inverse).toEqual({
      op: 'update',
      channelKey: 'lofi',
      programId: 7,
      startAt: '2026-11-20T09:00:00Z',
    });
  });

  it('undoes a media reorder with the previous order', () => {
    const inverse = inverseOf(
      { op: 'update', channelKey: 'lofi', programId: 7, uploadFileKeys: ['b', 'a'] },
      program,
      null,
    );
    expect(inverse).toMatchObject({ uploadFileKeys: ['a', 'b'] });
    expect(inverse).not.toHaveProperty('startAt');
  });

  it('undoes setting or clearing a waiting screen with the screen it had', () => {
    const cleared = { op: 'update' as const, channelKey: 'lofi', programId: 7 };
    expect(inverseOf({ ...cleared, waitMediaContentKey: null }, program, null)).toEqual({
      ...cleared,
      waitMediaContentKey: 'wait1',
    });
    expect(
      inverseOf(
        { ...cleared, waitMediaContentKey: 'wait2' },
        { ...program, waitMediaContentKey: null },
        null,
      ),
    ).toEqual({ ...cleared, waitMediaContentKey: null });
  });

  it('undoes a create by deleting the new program, and a delete by creating it again', () => {
    expect(
      inverseOf(
        {
          op: 'create',
          channelKey: 'lofi',
          title: 'X',
          startAt: program.startAt,
          uploadFileKeys: ['a'],
        },
        null,
        program,
      ),
    ).toEqual({ op: 'delete', channelKey: 'lofi', programId: 7 });
    expect(inverseOf({ op: 'delete', channelKey: 'lofi', programId: 7 }, program, null)).toEqual({
      op: 'create',
      channelKey: 'lofi',
      title: 'Morning Jazz',
      startAt: '2026-11-20T09:00:00Z',
      uploadFileKeys: ['a', 'b'],
      waitMediaContentKey: 'wait1',
    });
  });

  it('refuses to invert without the program it needs', () => {
    expect(() =>
      inverseOf({ op: 'delete', channelKey: 'lofi', programId: 7 }, null, null),
    ).toThrow();
  });
});

describe('history stacks', () => {
  const move = (id: number) => ({
    forward: { op: 'update' as const, channelKey: 'lofi', programId: id, startAt: 'x' },
    inverse: { op: 'update' as const, channelKey: 'lofi', programId: id, startAt: 'y' },
    label: 'Move',
  });

  it('undoes last edit first, redoes it, and a new edit clears redo', () => {
    const history = new History();
    history.record(move(1));
    history.record(move(2));
    expect(history.peekUndo()?.forward).toMatchObject({ programId: 2 });
    history.undone();
    expect(history.peekUndo()?.forward).toMatchObject({ programId: 1 });
    expect(history.peekRedo()?.forward).toMatchObject({ programId: 2 });
    history.redone();
    expect(history.canRedo).toBe(false);
    history.undone();
    history.record(move(3));
    expect(history.canRedo).toBe(false);
    expect(history.peekUndo()?.forward).toMatchObject({ programId: 3 });
  });

  it('follows a program re-created under a new id', () => {
    const history = new History();
    history.record(move(1));
    history.record({
      forward: { op: 'delete', channelKey: 'lofi', programId: 1 },
      inverse: {
        op: 'create',
        channelKey: 'lofi',
        title: 'T',
        startAt: 'x',
        uploadFileKeys: ['a'],
      },
      label: 'Delete',
    });
    history.undone();
    history.remap(1, 42);
    expect(history.peekUndo()?.inverse).toMatchObject({ programId: 42 });
    expect(history.peekRedo()?.forward).toMatchObject({ programId: 42 });
  });

  it('keeps at most the limit', () => {
    const history = new History(2);
    history.record(move(1));
    history.record(move(2));
    history.record(move(3));
    history.undone();
    history.undone();
    expect(history.canUndo).toBe(false);
  });
});
