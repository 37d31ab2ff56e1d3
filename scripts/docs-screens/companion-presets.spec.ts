/**
 * The Companion preset page for docs/admin/companion.md (`npm run docs:screens`), written to
 * `docs/screens/companion-presets.png`. Companion does not run where the docs are built, so the
 * page is drawn from the module's own code against a real desk, set up as the module's tests
 * do (integrations/companion/src/module.test.ts): a desk core on the sandbox platform, its
 * control API for panels on 127.0.0.1, a panel paired with every command ticked, the channel
 * list and each on-air broadcast watched (so the desk reads their viewers and chat), and the module's connection with Companion's side recorded (companion-recorder.ts).
 *
 * The first recordable channel on air (not a scheduled one, timeshift on) is shown as an
 * operator works it: recording (started if it was not) and a cue point
 * set from the module's buttons, and the first press of Stop waiting for its second. The page
 * is then drawn at once (the wait lasts 2 s) by companion-preset-page.ts. Asserts only what the
 * picture claims: the pages are the on-air channels' and the states drawn are the module's.
 */
import { expect, test } from '@playwright/test';
import { startTestCore, type TestCore } from '../../src-main/services/app/test-support';
import { followFeedback, startPanelApi, type PanelApi } from '../../src-main/hosts/panel-api';
import { systemClock } from '../../src-main/platform/clock';
import { panelOfferedCommands } from '../../src-main/shared/panel-offers';
import type { ChannelSummary, Fresh, Page, WatchSpec } from '../../src-main/shared/model';
import type { AddedPanel } from '../../src-main/shared/panels-model';
import { CompanionRecorder } from '../../integrations/companion/src/companion-recorder';
import { DeskConnection } from '../../integrations/companion/src/connection';
import { presetChannels } from '../../integrations/companion/src/presets';
import { variablePrefix } from '../../integrations/companion/src/variables';
import { fitText, presetPage, presetPageHtml } from './companion-preset-page';

/** What the picture says it is, printed under it as in the guide's caption. */
const note =
  'Drawn by npm run docs:screens from the OnAir Desk module’s preset definitions, variables ' +
  'and feedbacks against the sandbox; not a capture of Companion’s window (its own Presets ' +
  'page draws each button’s base style, without feedbacks).';

let desk: TestCore;
let api: PanelApi;
let feedback: { stop: () => void };
let connection: DeskConnection | null = null;
const unwatch: (() => Promise<unknown>)[] = [];

test.afterAll(async () => {
  connection?.stop();
  for (const off of unwatch) await off();
  await api?.close();
  feedback?.stop();
  await desk?.close();
});

test('the Companion preset page', async ({ page }) => {
  test.setTimeout(90_000);
  desk = await startTestCore({ seed: 5 });
  const { core } = desk;
  const followed = followFeedback(core, systemClock);
  feedback = followed;
  api = await startPanelApi({ core, port: 0, feedback: followed.feedback });
  const added = await core.invoke('panels.add', { name: 'Companion' }, { clientId: 'settings' });
  if (!added.ok) throw new Error(added.error.message);
  const panel = added.data as AddedPanel;
  const ticked = await core.invoke(
    'panels.setCommands',
    { id: panel.panel.id, commands: panelOfferedCommands(), titles: [] },
    { clientId: 'settings' },
  );
  if (!ticked.ok) throw new Error(ticked.error.message);
  const watch = async (spec: WatchSpec): Promise<void> => {
    const watched = await core.invoke('watch.subscribe', { spec }, { clientId: 'control-room' });
    if (!watched.ok) throw new Error(watched.error.message);
    const { watchId } = watched.data as { watchId: string };
    unwatch.push(() => core.invoke('watch.unsubscribe', { watchId }, { clientId: 'control-room' }));
  };
  await watch({ kind: 'channels' });

  const companion = new CompanionRecorder();
  connection = new DeskConnection(companion);
  connection.start({ host: '127.0.0.1', port: String(api.port) }, { token: panel.token });

  // Every on-air channel's page. The panel picture carries a broadcast's title, time on air,
  // cue point, viewers and chat only for broadcasts the desk reads (the control room's watch,
  // or the Multiview's on-air list and audience reads: panel-reads.ts); this page has no
  // Multiview open, so each on-air broadcast is watched: the worked one focused, as the control
  // room does, the rest not.
  await expect
    .poll(() => presetChannels(connection?.picture ?? null).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const channels = presetChannels(connection.picture);
  const worked = await recordableChannel(core);
  for (const { broadcastKey, channelKey } of channels)
    if (broadcastKey)
      await watch({ kind: 'broadcast', broadcastKey, focused: channelKey === worked });
  for (const channel of channels)
    await expect
      .poll(() => companion.variables.get(`${variablePrefix(channel.channelKey)}_viewers`), {
        timeout: 30_000,
      })
      .toEqual(expect.any(Number));
  const onWorked = { channel: worked };

  // The recordable channel as an operator works it, from the module's own actions.
  // The seed may already record it (the desk refuses a second start: nothing to draw then).
  if (!(await companion.feedback('recording', onWorked)))
    await companion.press('startRecording', onWorked);
  await companion.press('setCuePoint', onWorked);
  await expect
    .poll(() => companion.feedback('recording', onWorked), { timeout: 10_000 })
    .toBe(true);
  await expect
    .poll(() => companion.variables.get(`${variablePrefix(worked)}_cue_point`), { timeout: 10_000 })
    .toMatch(/^\d\d:\d\d:\d\d$/);
  await companion.press('stopRecording', onWorked);
  const drawn = await presetPage(companion);
  expect(companion.logs.filter((line) => line.level === 'warn')).toEqual([]);

  expect(drawn.map((group) => group.category)).toEqual(
    channels.map((channel) => `On air: ${channel.title}`),
  );
  const workedPage = drawn.find(
    (group) => group.category === `On air: ${channels.find((c) => c.channelKey === worked)?.title}`,
  );
  expect(workedPage?.presets.map((preset) => preset.feedbacks.at(-1))).toEqual([
    'recording',
    'pressAgain',
    'recording',
    'recording',
  ]);

  await page.setViewportSize({ width: 560, height: 200 + 110 * drawn.length });
  await page.setContent(presetPageHtml('OnAir Desk (onair-desk)', drawn, note));
  await page.evaluate(fitText);
  await page.locator('main').screenshot({ path: 'docs/screens/companion-presets.png' });
});

/**
 * The first channel on air that the module's Record and Cue point can work: not a scheduled
 * channel (those are not recorded) and with timeshift on (else it has no cue point).
 * @throws Error when the seed has none.
 */
async function recordableChannel(core: TestCore['core']): Promise<string> {
  const list = await core.invoke('channels.list', {}, { clientId: 'control-room' });
  if (!list.ok) throw new Error(list.error.message);
  const channel = (list.data as Fresh<Page<ChannelSummary>>).data.items.find(
    (c) => c.onAir && c.type !== 'scheduled' && c.useTimeshift && c.latestBroadcast,
  );
  if (!channel) throw new Error('the seed has no recordable channel on air with timeshift');
  return channel.key;
}
