/**
 * Rehearsal scenarios, as an operator rehearsing an event: from the Rehearsal view's Scenario
 * panel the two-hour event plays at ×60; its first channel goes on air in the encoder panel,
 * the scenario pauses (the platform's time stands still) and stops. Screens in en and ko.
 * (A whole play-through at ×30 is not in this spec yet.)
 */
import { test, expect } from './fixtures';
import type { SandboxHandle } from '../src-main/sandbox/index';

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

function arenaKey(sandbox: SandboxHandle): string {
  const arena = sandbox.encoders.list().find((item) => item.channel_title === 'Esports Arena');
  if (arena === undefined) throw new Error('the seed has no Esports Arena');
  return arena.channel_key;
}

test('a scenario played from the Rehearsal view puts its channel on air, pauses and stops', async ({
  app,
  sandbox,
}) => {
  const arena = app.locator(`tr[data-channel-key="${arenaKey(sandbox)}"]`);
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Rehearsal' })
    .click();
  await expect(app.getByRole('heading', { name: 'Scenarios' })).toBeVisible();
  await app.getByTestId('scenario-choice').selectOption('two-hour-event');
  await app.getByTestId('scenario-speed').selectOption('60');
  await app.getByRole('button', { name: 'Play', exact: true }).click();
  const progress = app.locator('[data-scenario-phase]');
  await expect(progress).toHaveAttribute('data-scenario-phase', 'playing');
  await expect(arena).toHaveAttribute('data-encoder-state', 'live', { timeout: 10_000 });
  await app.screenshot(shots('rehearsal-03-scenario'));

  await app.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(progress).toHaveAttribute('data-scenario-phase', 'paused');
  expect(sandbox.clock.paused).toBe(true);
  await app.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(progress).toHaveAttribute('data-scenario-phase', 'stopped');
  expect(sandbox.clock.speed).toBe(1);
});

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('the Scenario panel plays and pauses a scenario', async ({ app, sandbox }) => {
    const arena = app.locator(`tr[data-channel-key="${arenaKey(sandbox)}"]`);
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
