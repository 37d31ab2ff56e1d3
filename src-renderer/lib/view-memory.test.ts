import { describe, expect, it } from 'vitest';
import { rememberView, rememberedView } from './view-memory';

/** A window's session storage, as far as the view memory uses it. */
function store() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the open view across a reload', () => {
  it('comes back to the view that was open', () => {
    const session = store();
    expect(rememberedView(session)).toBe('control-room');
    rememberView(session, 'uploads');
    expect(rememberedView(session)).toBe('uploads');
  });

  it('opens the control room when nothing usable was kept', () => {
    const session = store();
    session.setItem('onair-desk.view', 'settings-of-another-build');
    expect(rememberedView(session)).toBe('control-room');
    expect(rememberedView(null)).toBe('control-room');
    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberView(refusing, 'library')).not.toThrow();
    expect(rememberedView(refusing)).toBe('control-room');
  });
});
