/**
 * A hub standing down, seen in its own control room (loopback only): the hub
 * (`--host-studio`) focuses an on-air channel; a backup paired with a code of role Backup hub
 * then tells it that it serves the seats (`POST /studio/stand-down`, as a backup that took
 * over does). The hub polls nothing any more, its own window's watches included, and its
 * control room says each figure is not refreshed and why, not a silent stale screen. Screens
 * in English and Korean.
 */
import { fetch } from 'undici';
import { pinnedAgent } from '../src-main/services/studio/link';
import { test, expect, shots, focusChannel, onAirChannel } from './studio-fixture';

test('a hub standing down marks its control room’s figures not refreshed', async ({
  page,
  browser,
  platform,
  clock,
  desks,
}) => {
  test.setTimeout(120_000);
  const hub = await desks.start(['--host-studio']);
  const studio = hub.studio;
  if (!studio) throw new Error('the hub hosts no studio');
  const channel = await onAirChannel(platform);

  await page.clock.install({ time: clock.now() });
  await page.goto(hub.url);
  await focusChannel(page, channel.title);
  await expect(page.getByTestId('viewers-now')).toBeVisible({ timeout: 30_000 });

  // A backup pairs, then says it serves the seats: the hub stands down.
  const { code } = await desks.call<{ code: string }>(hub, 'studio.newPairingCode', {
    role: 'backup',
  });
  const agent = pinnedAgent(studio.fingerprint);
  try {
    const paired = await fetch(new URL('/studio/pair', studio.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, seatName: 'Backup desk' }),
      dispatcher: agent,
    });
    const { data } = (await paired.json()) as { data: { credential: string } };
    const told = await fetch(new URL('/studio/stand-down', studio.url), {
      method: 'POST',
      headers: { authorization: `Seat ${data.credential}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: 'https://127.0.0.2:7443/',
        fingerprint: Array.from({ length: 32 }, () => '9A').join(':'),
        since: clock.now(),
      }),
      dispatcher: agent,
    });
    expect(told.status).toBe(200);
    await told.body?.cancel();
  } finally {
    await agent.close();
  }

  // Its control room says why the figures stay as they are.
  const why = 'this hub stands down while its backup serves the studio';
  await expect(page.getByTestId('viewers-stale')).toContainText(why);
  await expect(page.getByTestId('broadcast-stale')).toContainText(why);
  await page.screenshot(shots('studio-stand-down-01-control-room'));

  const context = await browser.newContext({
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
  });
  const ko = await context.newPage();
  await ko.clock.install({ time: clock.now() });
  await ko.goto(hub.url);
  await focusChannel(ko, channel.title);
  await expect(ko.getByTestId('broadcast-stale')).toContainText('이 허브는 물러나 있습니다');
  // A card that never had a figure says it is not read, and why, instead of "loading".
  await expect(ko.getByTestId('viewers-unread')).toContainText('읽지 않음');
  await ko.screenshot(shots('studio-stand-down-02-control-room-ko'));
  await context.close();
});
