/**
 * A backup hub from Settings → Studio (loopback only): a hub hosts with `--host-studio`; a
 * second desk becomes its backup in Settings → Studio with a code of role backup, and shows
 * it follows the hub. The hub is stopped: the backup says it took over. The hub starts again
 * on its address with its data folder: the backup tells it, and the hub's Settings → Studio
 * says it stands down, and its control room says each figure is not refreshed and why (it
 * polls nothing while its backup serves). Screens in English and Korean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test, expect } from './fixtures';
import {
  callDesk,
  focusChannel,
  koreanShot,
  onAirChannel,
  openStudio,
  shots,
} from './studio-fixture';
import { makeVideo } from './media';
import { hostCommand } from './host';

interface Line {
  url: string;
  studio?: { url: string; fingerprint: string };
  seat?: { hub: string; fingerprint: string; seatName: string; role: string };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Starts `browser-cli.ts --json` with `args`; answers its JSON line. */
async function startCli(
  args: string[],
  env: Record<string, string>,
  reuseDir?: string,
): Promise<Line & { dataDir: string }> {
  const dataDir = reuseDir ?? (await mkdtemp(join(tmpdir(), 'onair-studio-e2e-')));
  if (!reuseDir) dirs.push(dataDir);
  const offset = Number(env.ONAIR_CLOCK_OFFSET_MS ?? '0');
  const child = spawn(
    process.execPath,
    [...hostCommand(offset), '--port', '0', '--data-dir', dataDir, '--json', ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${stderr}`)), 30_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${stderr}`)));
  });
  return { ...(JSON.parse(first) as Line), dataDir };
}

test.afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

test('a desk becomes the backup hub from Settings → Studio; the hub that comes back stands down', async ({
  page,
  browser,
  sandbox,
  platform,
  clock,
}) => {
  test.setTimeout(240_000);
  const env = {
    ONAIR_SANDBOX_INFO: JSON.stringify(sandbox.info),
    ONAIR_CLOCK_OFFSET_MS: String(clock.offsetMs),
  };
  const hub = await startCli(['--host-studio', '--studio-address', '127.0.0.1'], env);
  const hubPort = new URL(hub.studio?.url ?? '').port;
  const desk = await startCli([], env);
  const data = await callDesk<{ code: string }>(hub.url, 'studio.newPairingCode', {
    role: 'backup',
  });

  await page.clock.install({ time: clock.now() });
  await page.goto(desk.url);
  await openStudio(page, 'Settings', 'Studio');
  const form = page.getByTestId('studio-backup-form');
  await form.getByLabel('Studio address').fill(hub.studio?.url ?? '');
  await form.getByLabel('Hub’s fingerprint (SHA-256)').fill(hub.studio?.fingerprint ?? '');
  await form.getByLabel('Pairing code').fill(data.code);
  await form.getByLabel('Seat name').fill('Backup desk');
  await page.screenshot(shots('studio-backup-01-form'));
  await form.getByRole('button', { name: 'Start as backup hub' }).click();
  const standing = page.getByTestId('studio-standing');
  await expect(standing).toContainText(`Backup hub of ${hub.studio?.url ?? ''}: following`, {
    timeout: 30_000,
  });
  await page.screenshot(shots('studio-backup-02-following'));
  await koreanShot(browser, desk.url, 'studio-backup-03-following-ko', clock.now());

  // An operator seat (it learns the backup's address from the hub) queues a file at the hub.
  const operatorCode = (
    await callDesk<{ code: string }>(hub.url, 'studio.newPairingCode', { role: 'operator' })
  ).code;
  const seat = await startCli(
    [
      '--join',
      hub.studio?.url ?? '',
      '--fingerprint',
      hub.studio?.fingerprint ?? '',
      '--pairing-code',
      operatorCode,
      '--seat-name',
      'Uploads desk',
    ],
    { ONAIR_CLOCK_OFFSET_MS: String(clock.offsetMs) },
  );
  const clip = join(seat.dataDir, 'backup-drill-clip.mp4');
  // A real video: the hub queues it (a file it refused would not be left behind).
  await makeVideo(clip, 2);
  // Queued from the seat's own machine (callDesk throws unless the seat answers ok).
  await callDesk(seat.url, 'upload.enqueue', { paths: [clip], target: { kind: 'vod' } });

  // The backup knows the seat from the hub's beats (its credential's hash) before the hub goes.
  await expect(page.getByTestId('studio-seat-row')).toContainText('Uploads desk', {
    timeout: 15_000,
  });

  // The hub goes away: after 3 s of silence the backup serves.
  const hubProcess = children[0];
  hubProcess?.kill('SIGTERM');
  await new Promise((done) => hubProcess?.once('exit', done));
  await expect(standing).toContainText('this desk serves the seats', { timeout: 20_000 });

  // The seat, now at the backup, says which files it had queued at the hub: they stay on its
  // machine, and it offers to queue them again at the backup.
  const seatPage = await page.context().newPage();
  await seatPage.clock.install({ time: clock.now() });
  await seatPage.goto(seat.url);
  await seatPage.getByRole('button', { name: 'Uploads' }).click();
  const left = seatPage.getByTestId('uploads-left-at-hub');
  await expect(left).toContainText('backup-drill-clip.mp4', { timeout: 30_000 });
  await expect(left).toContainText(hub.studio?.url ?? 'https://');
  await seatPage.screenshot(shots('studio-backup-07-seat-uploads-left'));
  const ko = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1440, height: 900 } });
  const koPage = await ko.newPage();
  await koPage.clock.install({ time: clock.now() });
  await koPage.goto(seat.url);
  await koPage.getByRole('button', { name: '업로드' }).click();
  await expect(koPage.getByTestId('uploads-left-at-hub')).toBeVisible({ timeout: 30_000 });
  await koPage.screenshot(shots('studio-backup-08-seat-uploads-left-ko'));
  await ko.close();
  await left.getByRole('button', { name: /Queue them again at/ }).click();
  await expect(left).toBeHidden({ timeout: 15_000 });

  // The hub starts again on its address with its data folder: the backup tells it to stand down.
  const again = await startCli(
    ['--host-studio', '--studio-address', '127.0.0.1', '--studio-port', hubPort],
    env,
    hub.dataDir,
  );
  expect(again.studio?.fingerprint).toBe(hub.studio?.fingerprint);
  await expect(standing).toContainText('The hub came back', { timeout: 20_000 });
  await page.screenshot(shots('studio-backup-04-serving'));
  const hubPage = await page.context().newPage();
  await hubPage.clock.install({ time: clock.now() });
  await hubPage.goto(again.url);
  await openStudio(hubPage, 'Settings', 'Studio');
  await expect(hubPage.getByTestId('studio-standing')).toContainText(
    'Standing down: the backup at https://127.0.0.1:',
    { timeout: 20_000 },
  );
  await hubPage.screenshot(shots('studio-backup-05-hub-stands-down'));
  await koreanShot(browser, again.url, 'studio-backup-06-hub-stands-down-ko', clock.now());

  // The hub that stands down polls nothing, its own window's watches included: its control
  // room says why each figure stays unread, not a silent "loading" (en and ko).
  const channel = await onAirChannel(platform);
  await hubPage.keyboard.press('Escape');
  await focusChannel(hubPage, channel.title);
  const why = 'this hub stands down while its backup serves the studio';
  await expect(hubPage.getByTestId('broadcast-stale')).toContainText(why, { timeout: 20_000 });
  await expect(hubPage.getByTestId('viewers-unread')).toBeVisible();
  await hubPage.screenshot(shots('studio-backup-09-hub-control-room-stale'));
  const koContext = await browser.newContext({
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
  });
  const koHub = await koContext.newPage();
  await koHub.clock.install({ time: clock.now() });
  await koHub.goto(again.url);
  await focusChannel(koHub, channel.title);
  await expect(koHub.getByTestId('broadcast-stale')).toContainText('이 허브는 물러나 있습니다');
  await expect(koHub.getByTestId('viewers-unread')).toContainText('읽지 않음');
  await koHub.screenshot(shots('studio-backup-10-hub-control-room-stale-ko'));
  await koContext.close();
});
