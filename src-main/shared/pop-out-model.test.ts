/**
 * A pop-out page's query (shared/pop-out-model.ts): what the hosts load is what the page reads
 * back, and anything else opens the main window, never a pop-out on a key it did not check.
 */
import { describe, expect, it } from 'vitest';
import { popOutOf, popOutSearch } from './pop-out-model';

describe('a pop-out page’s query', () => {
  it('reads back what the hosts load', () => {
    expect(popOutSearch({ kind: 'multiview' })).toBe('?popout=multiview');
    expect(popOutOf(popOutSearch({ kind: 'multiview' }))).toEqual({ kind: 'multiview' });
    const room = { kind: 'control-room', channelKey: 'ch_1-A' } as const;
    expect(popOutSearch(room)).toBe('?popout=control-room&channel=ch_1-A');
    expect(popOutOf(popOutSearch(room))).toEqual(room);
  });

  it('is the main window for no query, another kind, or a channel that is not a platform key', () => {
    expect(popOutOf('')).toBeNull();
    expect(popOutOf('?popout=schedule')).toBeNull();
    expect(popOutOf('?view=multiview')).toBeNull();
    // A malformed key is dropped: the control room opens on its own choice.
    expect(popOutOf('?popout=control-room&channel=../../x')).toEqual({ kind: 'control-room' });
    expect(popOutOf(`?popout=control-room&channel=${'a'.repeat(65)}`)).toEqual({
      kind: 'control-room',
    });
  });
});
