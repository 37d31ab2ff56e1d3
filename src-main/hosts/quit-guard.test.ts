/**
 * Quitting with work under way, with Electron's app, window and dialog faked and a real desk
 * core on the sandbox: an upload the upload host receives slowly, and a recording command
 * the platform is slow to answer.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Event as ElectronEvent, MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import { commandCaller, startTestCore, type TestCore } from '../services/app/test-support';
import {
  guardQuit,
  quitQuestion,
  trackRecordingCommands,
  workInFlight,
  type ClosingWindow,
  type QuittingApp,
} from './quit-guard';

let running: TestCore | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

/** Electron's app and window: quitting runs the listeners, and quits unless one prevents it. */
function fakeElectron() {
  const listeners: ((event: ElectronEvent) => void)[] = [];
  let quits = 0;
  const attempt = () => {
    let prevented = false;
    // Electron's Event; the guard only prevents it.
    const event = { preventDefault: () => (prevented = true) } as unknown as ElectronEvent;
    for (const listener of listeners) listener(event);
    if (!prevented) quits += 1;
  };
  const app: QuittingApp = {
    on: (_event, listener) => listeners.push(listener),
    quit: attempt,
  };
  const window: ClosingWindow = { on: (_event, listener) => listeners.push(listener) };
  const asked: { options: MessageBoxOptions; answer: (response: number) => void }[] = [];
  const ask = (options: MessageBoxOptions) =>
    new Promise<MessageBoxReturnValue>((resolve) =>
      asked.push({ options, answer: (response) => resolve({ response, checkboxChecked: false }) }),
    );
  return { app, window, ask, asked, attempt, quits: () => quits };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('quitting with work under way', () => {
  it('quits without asking when nothing is under way', async () => {
    running = await startTestCore();
    const tracked = trackRecordingCommands(running.core);
    const electron = fakeElectron();
    guardQuit(electron.app, electron.window, {
      work: () => workInFlight(tracked.core, tracked.inFlight),
      ask: electron.ask,
      language: () => 'en',
      log: () => undefined,
    });

    // Nothing under way: it quits without asking.
    electron.attempt();
    await settle();
    expect(electron.asked).toHaveLength(0);
    expect(electron.quits()).toBe(1);
  });

  it('asks about a slow upload and an unanswered recording command; quits only when told', async () => {
    running = await startTestCore();
    const { sandbox, dataDir } = running;
    const tracked = trackRecordingCommands(running.core);
    const call = commandCaller(() => tracked.core, 'wc1');
    const electron = fakeElectron();
    guardQuit(electron.app, electron.window, {
      work: () => workInFlight(tracked.core, tracked.inFlight),
      ask: electron.ask,
      language: () => 'ko',
      log: () => undefined,
    });

    // An upload the host takes 100 s to receive (2 MB at 20 kB/s).
    sandbox.uploads.setThrottle(20_000);
    const file = join(dataDir, 'standby.png');
    const png = Buffer.alloc(2_000_000);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await writeFile(file, png);
    expect(
      await call('upload.enqueue', { paths: [file], target: { kind: 'waiting-screen' } }),
    ).toMatchObject({ added: 1 });
    // A recording command the platform answers 3 s late.
    const page = await call('channels.list', {});
    const onAir = page.data.items.find((c) => c.onAir);
    const key = onAir?.latestBroadcast?.key;
    if (!key) throw new Error('the seed has no on-air broadcast');
    const current = await call('broadcast.get', { broadcastKey: key });
    sandbox.faults.update({ latencyMs: 3_000 });
    const command = tracked.core.invoke(
      current.data.recording ? 'broadcast.stopRecording' : 'broadcast.startRecording',
      { broadcastKey: key },
      { clientId: 'wc1' },
    );

    electron.attempt();
    await expect.poll(() => electron.asked.length, { timeout: 10_000 }).toBe(1);
    const question = electron.asked[0];
    if (!question) throw new Error('not asked');
    expect(question.options).toMatchObject({
      title: 'OnAir Desk를 종료할까요?',
      buttons: ['계속 작업', '종료'],
      cancelId: 0,
    });
    expect(question.options.detail).toContain('업로드 1개');
    expect(question.options.detail).toContain('응답이 없는 명령 1개');
    // A second quit while the question is open does not ask twice.
    electron.attempt();
    await settle();
    expect(electron.asked).toHaveLength(1);

    question.answer(0);
    await settle();
    expect(electron.quits()).toBe(0);

    await command;
    electron.attempt();
    await expect.poll(() => electron.asked.length, { timeout: 10_000 }).toBe(2);
    expect(electron.asked[1]?.options.detail).not.toContain('응답이 없는 명령');
    electron.asked[1]?.answer(1);
    await expect.poll(() => electron.quits()).toBe(1);
    // The upload is still in the queue on disk: the next start resumes it, as it always has.
    const queue = await call('upload.list', {});
    expect(queue.items).toEqual([
      expect.objectContaining({ name: 'standby.png', state: 'uploading' }),
    ]);
    sandbox.faults.update({ latencyMs: 0 });
  }, 40_000);

  it('words the question for downloads too, in English', () => {
    const question = quitQuestion({ uploads: 2, downloads: 1, commands: 0 }, 'en');
    expect(question.detail).toBe(
      '• 2 uploads\n• 1 download\n\nUploads and downloads resume the next time OnAir Desk starts. A command the platform has not answered may or may not have been carried out: check its broadcast after the next start.',
    );
    expect(question.buttons).toEqual(['Keep working', 'Quit']);
  });
});
