/**
 * The desktop app's OS notifications against a typed fake of Electron's `Notification`: a
 * `notify` of the core is shown in the app's language, a click brings the window forward and
 * opens the view; other events show nothing.
 */
import { describe, expect, it } from 'vitest';
import type { NotificationConstructorOptions } from 'electron';
import type { EventListener } from '../services/app/desk-core';
import type { OsNotice } from '../shared/notifications';
import { showOsNotices, type NoticeWindow, type ShownNotification } from './os-notifications';

/** A fake of Electron's Notification: records what was created, shown and listened to. */
class FakeNotification implements ShownNotification {
  shown = 0;
  readonly listeners = new Map<string, () => void>();
  constructor(readonly options: NotificationConstructorOptions) {}
  show(): void {
    this.shown += 1;
  }
  close(): void {
    this.listeners.get('close')?.();
  }
  on(event: 'click' | 'close', listener: () => void): this {
    this.listeners.set(event, listener);
    return this;
  }
}

function setUp(supported = true) {
  const created: FakeNotification[] = [];
  let listener: EventListener | null = null;
  const core = {
    subscribe(l: EventListener) {
      listener = l;
      return () => (listener = null);
    },
  };
  const calls: string[] = [];
  const window: NoticeWindow = {
    isDestroyed: () => false,
    isMinimized: () => true,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
    open: (target) => calls.push(`open ${JSON.stringify(target)}`),
  };
  let language: 'en' | 'ko' = 'en';
  const stop = showOsNotices(
    core,
    {
      isSupported: () => supported,
      create: (options) => {
        const fake = new FakeNotification(options);
        created.push(fake);
        return fake;
      },
    },
    () => language,
    () => window,
  );
  const emit: EventListener = (event, payload) => listener?.(event, payload);
  return { created, calls, emit, stop, setLanguage: (l: 'en' | 'ko') => (language = l) };
}

const offAir: OsNotice = {
  id: 'notify-1',
  kind: 'offAir',
  at: Date.UTC(2026, 2, 2, 9, 0, 0),
  title: { key: 'osNotice.offAir.title' },
  body: { key: 'osNotice.offAir.body', params: { title: 'Morning news' } },
  open: { view: 'control-room', channelKey: 'ch-1' },
};

describe('OS notifications in the desktop app', () => {
  it('shows a notify in the app language; a click restores the window and opens the view', () => {
    const { created, calls, emit, setLanguage } = setUp();
    emit('notify', offAir);
    expect(created.map((n) => [n.options.title, n.options.body, n.shown])).toEqual([
      ['Off air', 'Morning news went off air.', 1],
    ]);
    created[0]?.listeners.get('click')?.();
    expect(calls).toEqual([
      'restore',
      'show',
      'focus',
      `open ${JSON.stringify({ view: 'control-room', channelKey: 'ch-1' })}`,
    ]);
    setLanguage('ko');
    emit('notify', { ...offAir, id: 'notify-2' });
    expect(created[1]?.options.title).toBe('방송중지');
    expect(created[1]?.options.body).toBe('Morning news 방송이 중지되었습니다.');
  });

  it('shows nothing for other events, nor where the OS has no notifications, nor once stopped', () => {
    const first = setUp();
    first.emit('app.notice', { id: 'n1', level: 'info', message: 'hello' });
    expect(first.created).toEqual([]);
    first.stop();
    first.emit('notify', offAir);
    expect(first.created).toEqual([]);
    const unsupported = setUp(false);
    unsupported.emit('notify', offAir);
    expect(unsupported.created).toEqual([]);
  });
});
