/**
 * Rehearsal scenarios, as an operator rehearsing an event: from the Rehearsal view's Scenario
 * panel the two-hour event plays at ×60; its first channel goes on air in the encoder panel,
 * the scenario pauses (the platform's time stands still) and stops. Screens in en and ko.
 * A scenario plays through at ×30 ("Doors open", a quarter hour in 30 real seconds; the
 * two-hour event takes 4 minutes the same way, played on an injected clock in
 * src-main/sandbox/rehearsal/scenario.test.ts) while the operator walks the control room, Schedule,
 * Recordings and Statistics: no console error (fixtures.ts), and the sandbox's call log shows
 * the app's budget within the platform's limit (60 calls a minute).
 */
import { test, expect, type SandboxHandle } from './fixtures';

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

async function arenaKey(sandbox: SandboxHandle): Promise<string> {
  const arena = (await sandbox.encoders.list()).find(
    (item) => item.channel_title === 'Esports Arena',
  );
  if (arena === undefined) throw new Error('the seed has no Esports Arena');
  return arena.channel_key;
}

test('a scenario played from the Rehearsal view puts its channel on air, pauses and stops', async ({
  app,
  sandbox,
}) => {
  const arena = app.locator(`tr[data-channel-key="${await arenaKey(sandbox)}"]`);
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Rehearsal' })
    .click();
  await expect(app.getByRole('heading', { name: 'Scenarios' })).toBeVisible();
  // The choice shows the scenario Play would play (the first, by name) before any is picked,
  // never a blank box.
  await expect(app.getByTestId('scenario-choice')).toHaveValue('doors-open');
  await expect(app.getByTestId('scenario-choice')).toContainText('Doors open');
  await app.getByTestId('scenario-choice').selectOption('two-hour-event');
  await app.getByTestId('scenario-speed').selectOption('60');
  await app.getByRole('button', { name: 'Play', exact: true }).click();
  const progress = app.locator('[data-scenario-phase]');
  await expect(progress).toHaveAttribute('data-scenario-phase', 'playing');
  await expect(arena).toHaveAttribute('data-encoder-state', 'live', { timeout: 10_000 });
  await app.screenshot(shots('rehearsal-03-scenario'));

  await app.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(progress).toHaveAttribute('data-scenario-phase', 'paused');
  expect((await sandbox.clock.status()).paused).toBe(true);
  await app.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(progress).toHaveAttribute('data-scenario-phase', 'stopped');
  expect((await sandbox.clock.status()).speed).toBe(1);
});

test('a scenario plays through at ×30 within the API budget', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  const views = app.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Rehearsal' }).click();
  await app.getByTestId('scenario-choice').selectOption('doors-open');
  await app.getByTestId('scenario-speed').selectOption('30');
  await app.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(app.locator('[data-scenario-phase]')).toHaveAttribute(
    'data-scenario-phase',
    'playing',
  );
  const tour = ['Control room', 'Schedule', 'Recordings', 'Statistics', 'Rehearsal'];
  for (
    let turn = 0;
    (await sandbox.scenarios.status())?.phase === 'playing' && turn < 60;
    turn += 1
  ) {
    await views.getByRole('button', { name: tour[turn % tour.length] }).click();
    // Real time is the point: each view stays open 3 s, polling while the scenario plays, so
    // that the calls counted below are the ones a wandering operator's desk makes.
    await app.waitForTimeout(3_000);
  }
  expect(await sandbox.scenarios.status()).toMatchObject({ phase: 'done', errors: [] });
  await views.getByRole('button', { name: 'Rehearsal' }).click();
  await expect(app.locator('[data-scenario-phase]')).toHaveAttribute('data-scenario-phase', 'done');
  const minutes = await sandbox.calls.counts();
  expect(minutes.length).toBeGreaterThan(0);
  // The budget: never more than 60 calls in a minute. A 429 says two calls reached the sandbox
  // under 1 s apart; the app sends them 1.1 s apart, but on a loaded 2-core machine a stalled
  // host can deliver two of them closer (CI, ci29: one in one minute; the app waits out the
  // Retry-After and goes on). One in a minute is that jitter; two would be the app's pacing.
  for (const minute of minutes) {
    expect(minute.calls, `${minute.account} at ${minute.minute}`).toBeLessThanOrEqual(60);
    expect(minute.throttled, `${minute.account} at ${minute.minute}`).toBeLessThanOrEqual(1);
  }
});

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('the Scenario panel plays and pauses a scenario', async ({ app, sandbox }) => {
    const arena = app.locator(`tr[data-channel-key="${await arenaKey(sandbox)}"]`);
    await app.getByRole('button', { name: '리허설' }).click();
    await expect(app.getByRole('heading', { name: '시나리오' })).toBeVisible();
    await app.getByTestId('scenario-choice').selectOption('two-hour-event');
    await app.getByTestId('scenario-speed').selectOption('60');
    await app.getByRole('button', { name: '재생', exact: true }).click();
    await expect(arena).toContainText('송출 중', { timeout: 10_000 });
    await app.getByRole('button', { name: '일시 정지', exact: true }).click();
    await expect(app.locator('[data-scenario-phase]')).toContainText('일시 정지됨');
    await app.screenshot(shots('ko-rehearsal-03-scenario'));
  });
});
