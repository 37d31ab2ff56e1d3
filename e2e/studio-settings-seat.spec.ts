/**
 * One seat, however it joined (issue 33 §2; docs/dev/architecture.md "The takeover protocol"): a
 * desk that joined the studio from Settings → Studio (the desktop's and browser host's way, not
 * `--join`) learns the backup's address from its hub like any seat. The hub is killed: within
 * 5 s the seat serves from the backup, and its next command (a rename) lands there, counted
 * once at the sandbox. Loopback only.
 */
import type { StudioHosting, StudioStatus } from '../src-main/shared/studio-model';
import { expect, onAirChannel, openStudio, shots, test } from './studio-fixture';

test('a desk joined from Settings → Studio follows the backup when the hub dies, and its next command lands there once', async ({
  page,
  clock,
  desks,
  sandbox,
  platform,
}) => {
  test.setTimeout(180_000);
  const hub = await desks.start(['--host-studio']);
  if (!hub.studio) throw new Error('the hub hosts no studio');
  const backupDesk = await desks.start();
  const backupCode = await desks.call<{ code: string }>(hub, 'studio.newPairingCode', {
    role: 'backup',
  });
  const backup = await desks.call<StudioHosting>(backupDesk, 'studio.startBackup', {
    url: hub.studio.url,
    fingerprint: hub.studio.fingerprint,
    code: backupCode.code,
    seatName: 'Backup desk',
    address: '127.0.0.1',
    port: 0,
  });
  const backupStatus = () => desks.call<StudioStatus>(backupDesk, 'studio.status', {});
  await expect
    .poll(async () => (await backupStatus()).standing, { timeout: 20_000 })
    .toMatchObject({ phase: 'following', connected: true });

  // A desk joins from Settings → Studio with an operator code.
  const desk = await desks.start();
  const code = await desks.pairingCode(hub, 'operator');
  await page.clock.install({ time: clock.now() });
  await page.goto(desk.url);
  await openStudio(page, 'Settings', 'Studio');
  const form = page.getByTestId('studio-join');
  await form.getByLabel('Studio address').fill(hub.studio.url);
  await form.getByLabel('Hub’s fingerprint (SHA-256)').fill(hub.studio.fingerprint);
  await form.getByLabel('Pairing code').fill(code);
  await form.getByLabel('Seat name').fill('Desk two');
  await form.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByTestId('studio-state')).toContainText('Seat “Desk two” · Connected', {
    timeout: 30_000,
  });
  // The backup knows the seat from the hub's beats before the hub goes.
  await expect
    .poll(async () => (await backupStatus()).seats.map((seat) => seat.name), { timeout: 15_000 })
    .toContain('Desk two');
  const channel = await onAirChannel(platform);
  const broadcastKey = channel.latest_broadcast.key ?? '';
  const renames = async () => (await sandbox.served.asked()).live.updateBroadcast ?? 0;
  const renamesBefore = await renames();

  // The hub dies. The seat moves once the hub was silent 3 s and the backup serves.
  await desks.kill(hub);
  const killedAt = performance.now();
  const seatStatus = () => desks.call<StudioStatus>(desk, 'studio.status', {});
  await expect
    .poll(async () => (await seatStatus()).seat?.hubUrl, { timeout: 10_000, intervals: [100] })
    .toBe(backup.url);
  const title = `Takeover from Settings ${clock.now()}`;
  const renamed = await desks.call<{ data: { title: string } }>(desk, 'broadcast.rename', {
    broadcastKey,
    title,
  });
  const answeredAt = performance.now();
  expect(renamed.data.title).toBe(title);
  expect(answeredAt - killedAt).toBeLessThanOrEqual(5000);
  // Counted at the sandbox: one rename, and the broadcast has the title.
  expect((await renames()) - renamesBefore).toBe(1);
  const read = await platform.get<{ data: { title: string } }>(`/broadcasts/${broadcastKey}`);
  expect(read.data.title).toBe(title);
  await expect(page.getByTestId('studio-state')).toContainText('Seat “Desk two” · Connected');
  await page.screenshot(shots('studio-settings-seat-01-at-backup'));
});
