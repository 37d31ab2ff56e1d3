import { describe, expect, it } from 'vitest';
import { clickSelect, selectAll } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const none = { keys: new Set<string>(), anchor: null };
const plain = { shift: false, toggle: false };

describe('multi-select of contents', () => {
  it('a click selects one, Ctrl-click adds and removes, Shift-click takes the range', () => {
    let s = clickSelect(none, 'b', order, plain);
    expect([...s.keys]).toEqual(['b']);
    s = clickSelect(s, 'd', order, { shift: true, toggle: false });
    expect([...s.keys].sort()).toEqual(['b', 'c', 'd']);
    s = clickSelect(s, 'c', order, { shift: false, toggle: true });
    expect([...s.keys].sort()).toEqual(['b', 'd']);
    s = clickSelect(s, 'a', order, { shift: true, toggle: false });
    expect([...s.keys].sort()).toEqual(['a', 'b', 'c']);
    expect(selectAll(order).keys.size).toBe(5);
  });
});
