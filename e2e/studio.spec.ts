/**
 * A studio on this machine (loopback only): a hub hosts with `--host-studio`, its operator
 * makes a pairing code in Settings → Studio, a second OnAir Desk joins as a seat with
 * `--join`, and the seat's page (Chromium) sets a cue point. The cue point lands at the
 * hub's sandbox, the hub's audit record says `via: seat` with the seat's name, and the hub
 * lists the seat. Screens of both sides in English and Korean.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect, koreanShot, openStudio, shots, type PlatformProbe } from './studio-fixture';

interface LiveBroadcast {
  key: string;
  title: string;
  is_onair: boolean;
  use_timeshift: boolean;
  cue_sign_at: string | null;
}
interface LiveChannel {
  key: string;
  title: string;
  latest_broadcast: { key?: string };
}
interface AuditLine {
  command: string;
  seat: string | null;
  via: string;
}
async function cueableChannel(platform: PlatformProbe) {
  const list = await platform.get<{ data: LiveChannel[] }>(
    '/channels?live_status=onair&per_page=100',
  );
  for (const channel of list.data) {
    const key = channel.latest_broadcast.key;
    if (!key) continue;
    const { data } = await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`);
    if (data.is_onair && data.use_timeshift) return { channel, broadcast: data };
  }
  throw new Error('the sandbox seed has no on-air broadcast with timeshift');
}

test('a seat sets a cue point through the hub, audited with its way in and the seat', async ({
  page,
  browser,
  platform,
  clock,
  desks,
}) => {
  test.setTimeout(180_000);
  const hub = await desks.start([
    '--host-studio',
    '--studio-address',
    '127.0.0.1',
    '--studio-port',
    '0',
  ]);
  expect(hub.studio?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
  expect(hub.studio?.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

  // The hub's operator makes a pairing code in Settings → Studio.
  await page.clock.install({ time: clock.now() });
  await page.goto(hub.url);
  await openStudio(page, 'Settings', 'Studio');
  const dialog = page.getByRole('dialog', { name: 'Studio' });
  await expect(dialog.getByTestId('studio-fingerprint')).toHaveText(hub.studio?.fingerprint ?? '');
  await dialog.getByRole('button', { name: 'New pairing code' }).click();
  const code = ((await dialog.getByTestId('pairing-code').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^\d{4} \d{4}$/);

  // A second desk joins as a seat with the code and the fingerprint.
  const seat = await desks.join(hub, code, 'PD Desk');
  expect(seat.seat).toMatchObject({ seatName: 'PD Desk', role: 'operator' });

  // The seat's page runs the control room from the hub and sets a cue point.
  const { channel, broadcast } = await cueableChannel(platform);
  const seatPage = await page.context().newPage();
  await seatPage.clock.install({ time: clock.now() });
  await seatPage.goto(seat.url);
  const channels = seatPage.getByRole('listbox', { name: 'Live channels' });
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(seatPage.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  await seatPage.getByRole('button', { name: 'Set cue point', exact: true }).click();
  await expect(seatPage.getByTestId('cue-point')).toContainText('UTC', { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data
          .cue_sign_at,
    )
    .not.toBe(broadcast.cue_sign_at);
  await expect(seatPage.getByTestId('studio-state')).toContainText('Seat “PD Desk” · Connected');

  // The hub's audit record: the seat's name, and the way in pressed on the seat (a button).
  const auditRoot = join(hub.dataDir, 'audit');
  await expect
    .poll(async () => {
      const records: AuditLine[] = [];
      for (const entry of await readdir(auditRoot, { recursive: true, withFileTypes: true }).catch(
        () => [],
      )) {
        if (!entry.isFile()) continue;
        const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
        for (const line of text.split('\n').filter(Boolean))
          records.push(JSON.parse(line) as AuditLine);
      }
      return records.find((r) => r.command === 'broadcast.setCuePoint');
    })
    .toMatchObject({ seat: 'PD Desk', via: 'button' });

  // The hub lists the seat, connected, with its role and last contact.
  const row = dialog.getByTestId('studio-seat-row');
  await expect(row).toContainText('PD Desk');
  await expect(row).toContainText('Operator');
  await expect(row).toContainText('UTC');
  await page.screenshot(shots('studio-01-hub-seats'));
  await openStudio(seatPage, 'Settings', 'Studio');
  await expect(seatPage.getByTestId('studio-seat')).toContainText(hub.studio?.fingerprint ?? '');
  await seatPage.screenshot(shots('studio-02-seat'));
  await koreanShot(browser, hub.url, 'studio-03-hub-seats-ko', clock.now());
  await koreanShot(browser, seat.url, 'studio-04-seat-ko', clock.now());
});

test('a desk joins a studio from Settings → Studio and leaves it', async ({
  page,
  browser,
  clock,
  desks,
}) => {
  test.setTimeout(180_000);
  const hub = await desks.start(['--host-studio']);
  const desk = await desks.start();
  // The hub's operator makes a code (its page's command, with the hub's launch secret).
  const code = await desks.pairingCode(hub, 'observer');
  await koreanShot(browser, desk.url, 'studio-06-join-form-ko', clock.now());

  await page.clock.install({ time: clock.now() });
  await page.goto(desk.url);
  await openStudio(page, 'Settings', 'Studio');
  const form = page.getByTestId('studio-join');
  await form.getByLabel('Studio address').fill(hub.studio?.url ?? '');
  await form.getByLabel('Hub’s fingerprint (SHA-256)').fill(hub.studio?.fingerprint ?? '');
  await form.getByLabel('Pairing code').fill(code);
  await form.getByLabel('Seat name').fill('Desk two');
  await page.screenshot(shots('studio-05-join-form'));
  await form.getByRole('button', { name: 'Join', exact: true }).click();
  // The page reads again, now from the hub: the status bar says whose seat it is.
  await expect(page.getByTestId('studio-state')).toContainText('Seat “Desk two” · Connected', {
    timeout: 30_000,
  });
  await openStudio(page, 'Settings', 'Studio');
  await expect(page.getByTestId('studio-seat')).toContainText('Role at the hub: Observer');

  // An observer watches: the control room offers its commands disabled, saying why, before
  // anything is sent (the hub would refuse them).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Studio' })).toBeHidden();
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Control room' })
    .click();
  await page
    .getByRole('listbox', { name: 'Live channels' })
    .getByRole('option', { name: /on air/i })
    .first()
    .click();
  const record = page.getByRole('button', { name: /^Start recording/ });
  await expect(record).toBeDisabled();
  await expect(page.getByText('it sees everything and changes nothing').first()).toBeVisible();

  await openStudio(page, 'Settings', 'Studio');
  await page.getByRole('button', { name: 'Leave the studio' }).click();
  await expect(page.getByTestId('studio-state')).toBeHidden({ timeout: 30_000 });
});
