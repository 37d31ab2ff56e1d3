import { describe, expect, it } from 'vitest';
import type {
  Event as ElectronEvent,
  MessageBoxOptions,
  MessageBoxReturnValue,
  RenderProcessGoneDetails,
} from 'electron';
import {
  recoverRenderer,
  rereadAfterSleep,
  type PowerEvents,
  type RecoverableContents,
  type RecoverableWindow,
} from './desktop-recovery';

type GoneListener = (event: ElectronEvent, details: RenderProcessGoneDetails) => void;

/** A window's page: counts reloads and forced ends, and lets the test end its renderer. */
class FakeContents implements RecoverableContents {
  reloads = 0;
  forcedEnds = 0;
  private gone: GoneListener[] = [];
  on(_event: 'render-process-gone', listener: GoneListener): this {
    this.gone.push(listener);
    return this;
  }
  reload(): void {
    this.reloads += 1;
  }
  forcefullyCrashRenderer(): void {
    this.forcedEnds += 1;
  }
  isDestroyed(): boolean {
    return false;
  }
  /** The renderer process ends, as Electron reports it. */
  end(reason: RenderProcessGoneDetails['reason']): void {
    // Electron's Event carries preventDefault; recovery reads only the details.
    const event = { preventDefault: () => undefined } as unknown as ElectronEvent;
    for (const listener of this.gone) listener(event, { reason, exitCode: 1 });
  }
}

class FakeWindow implements RecoverableWindow {
  readonly webContents = new FakeContents();
  private listeners = new Map<string, (() => void)[]>();
  on(event: 'unresponsive' | 'responsive', listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  isDestroyed(): boolean {
    return false;
  }
  emit(event: 'unresponsive' | 'responsive'): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

/** Electron's message box: the test answers each question, or sees it withdrawn. */
function fakeDialog() {
  const asked: { options: MessageBoxOptions; answer: (response: number) => void }[] = [];
  const ask = (options: MessageBoxOptions) =>
    new Promise<MessageBoxReturnValue>((resolve) => {
      const answer = (response: number) => resolve({ response, checkboxChecked: false });
      // Electron closes the box when the signal aborts, answering the cancel button.
      options.signal?.addEventListener('abort', () => answer(options.cancelId ?? 0));
      asked.push({ options, answer });
    });
  return { ask, asked };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(language: 'en' | 'ko' = 'en') {
  const window = new FakeWindow();
  const dialog = fakeDialog();
  const logged: string[] = [];
  let now = 0;
  recoverRenderer(window, {
    ask: dialog.ask,
    language: () => language,
    log: (line) => logged.push(line),
    now: () => now,
  });
  return { window, dialog, logged, advance: (ms: number) => (now += ms) };
}

describe('desktop recovery', () => {
  it('reloads a renderer that crashed, but not one that closed cleanly', () => {
    const { window, logged } = setup();
    window.webContents.end('crashed');
    expect(window.webContents.reloads).toBe(1);
    window.webContents.end('oom');
    expect(window.webContents.reloads).toBe(2);
    window.webContents.end('clean-exit');
    expect(window.webContents.reloads).toBe(2);
    expect(logged[0]).toBe('renderer gone: crashed (exit code 1)');
  });

  it('stops reloading a renderer that keeps crashing, and starts again later', () => {
    const { window, logged, advance } = setup();
    for (let i = 0; i < 5; i++) window.webContents.end('crashed');
    expect(window.webContents.reloads).toBe(3);
    expect(logged).toContain('renderer crashed 4 times in 5 min: not reloading again');
    advance(5 * 60_000 + 1);
    window.webContents.end('crashed');
    expect(window.webContents.reloads).toBe(4);
  });

  it('asks about a hung renderer: wait leaves it, reload ends and reloads it once', async () => {
    const { window, dialog } = setup();
    window.emit('unresponsive');
    window.emit('unresponsive');
    expect(dialog.asked).toHaveLength(1);
    expect(dialog.asked[0]?.options).toMatchObject({
      title: 'OnAir Desk is not responding',
      buttons: ['Wait', 'Reload'],
      cancelId: 0,
    });
    dialog.asked[0]?.answer(0);
    await settle();
    expect(window.webContents.reloads).toBe(0);

    window.emit('unresponsive');
    expect(dialog.asked).toHaveLength(2);
    dialog.asked[1]?.answer(1);
    await settle();
    expect(window.webContents.forcedEnds).toBe(1);
    // The forced end is reported as the renderer gone: it is not reloaded a second time.
    window.webContents.end('killed');
    expect(window.webContents.reloads).toBe(1);
  });

  it('withdraws the question when the renderer answers again', async () => {
    const { window, dialog } = setup('ko');
    window.emit('unresponsive');
    expect(dialog.asked[0]?.options).toMatchObject({
      title: 'OnAir Desk가 응답하지 않습니다',
      buttons: ['기다리기', '다시 불러오기'],
    });
    window.emit('responsive');
    await settle();
    expect(dialog.asked[0]?.options.signal?.aborted).toBe(true);
    expect(window.webContents.reloads).toBe(0);
    // And asks again if it hangs again.
    window.emit('unresponsive');
    expect(dialog.asked).toHaveLength(2);
  });

  it('re-reads every watch when the computer wakes', () => {
    const listeners: (() => void)[] = [];
    const power: PowerEvents = { on: (_event, listener) => listeners.push(listener) };
    let rereads = 0;
    rereadAfterSleep(
      power,
      () => (rereads += 1),
      () => undefined,
    );
    expect(rereads).toBe(0);
    for (const listener of listeners) listener();
    expect(rereads).toBe(1);
  });
});
