/**
 * The panels' file (`panels.json`): a token is answered once and only its SHA-256 is kept, a
 * revoked token is refused, last use is stamped on the injected clock, the setting survives a
 * restart, and a damaged file is set aside with a notice (off, no panels) instead of stopping
 * the app.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import { PanelRegistry, tokenHash } from './panel-registry';

let dir: string;
const clock = new ManualClock();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-panels-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the panel registry', () => {
  it('is off with no panels at first', async () => {
    const { registry, notice } = await PanelRegistry.open(dir, () => clock.now());
    expect(notice).toBeUndefined();
    expect(registry.state()).toMatchObject({ enabled: false, port: 8765, panels: [] });
  });

  it('answers a token once, keeps its hash, stamps its use and refuses it once revoked', async () => {
    const { registry } = await PanelRegistry.open(dir, () => clock.now());
    const added = await registry.add('  Desk A ');
    expect(added.panel).toMatchObject({ name: 'Desk A', lastUsedAt: null });
    const file = await readFile(join(dir, 'panels.json'), 'utf8');
    expect(file).not.toContain(added.token);
    expect(file).toContain(tokenHash(added.token));

    await clock.advance(5_000);
    expect(registry.verify(added.token)?.id).toBe(added.panel.id);
    expect(registry.list()[0]?.lastUsedAt).toBe(clock.now());
    expect(registry.verify(`${added.token}x`)).toBeNull();

    await registry.setEnabled(true, 9000);
    const reopened = (await PanelRegistry.open(dir, () => clock.now())).registry;
    expect(reopened.state()).toMatchObject({ enabled: true, port: 9000 });
    expect(reopened.verify(added.token)?.name).toBe('Desk A');

    expect(await reopened.revoke(added.panel.id)).toBe(true);
    expect(reopened.verify(added.token)).toBeNull();
    expect(await reopened.revoke(added.panel.id)).toBe(false);
  });

  it('sets a damaged file aside with a notice and starts off', async () => {
    await writeFile(join(dir, 'panels.json'), '{"version":1,"enabled":true');
    const { registry, notice } = await PanelRegistry.open(dir, () => clock.now());
    expect(notice).toMatch(/hardware panels/);
    expect(registry.enabled).toBe(false);
    expect((await readdir(dir)).some((name) => name.startsWith('panels.json.corrupt-'))).toBe(true);
  });
});

describe('the commands ticked per panel', () => {
  it('starts a new panel with none, keeps the ticks and titles across a restart', async () => {
    const { registry } = await PanelRegistry.open(dir, () => clock.now());
    const { panel } = await registry.add('Desk B');
    expect(panel.commands).toEqual([]);
    expect(registry.list()[0]?.commands).toEqual([]);

    const ticked = ['rehearsal.setEncoder', 'broadcast.rename', 'broadcast.startRecording'];
    expect(await registry.setCommands(panel.id, ticked, [' Half time ', '', 'Full time'])).toBe(
      true,
    );
    const reopened = (await PanelRegistry.open(dir, () => clock.now())).registry;
    // Kept in the order of the declarations, blank titles dropped.
    expect(reopened.list()[0]).toMatchObject({
      commands: ['broadcast.rename', 'broadcast.startRecording', 'rehearsal.setEncoder'],
      titles: ['Half time', 'Full time'],
    });
    expect(await reopened.setCommands('pnl-000000000000', [])).toBe(false);
  });

  it('refuses a command not offered to panels and changes nothing', async () => {
    const { registry } = await PanelRegistry.open(dir, () => clock.now());
    const { panel } = await registry.add('Desk C');
    await expect(registry.setCommands(panel.id, ['panels.add'])).rejects.toThrow(
      /panels\.add is not offered to panels/,
    );
    const reopened = (await PanelRegistry.open(dir, () => clock.now())).registry;
    expect(reopened.list()[0]?.commands).toEqual([]);
  });

  it('gives a panel saved before ticks the three it could run, and drops what is no longer offered', async () => {
    const panel = {
      id: 'pnl-0123456789ab',
      name: 'Old deck',
      tokenHash: tokenHash('odp_old'),
      addedAt: 1,
      lastUsedAt: null,
    };
    await writeFile(
      join(dir, 'panels.json'),
      JSON.stringify({
        version: 1,
        enabled: true,
        port: 8765,
        panels: [
          panel,
          { ...panel, id: 'pnl-ba9876543210', commands: ['panels.add', 'channel.focus'] },
        ],
      }),
    );
    const { registry, notice } = await PanelRegistry.open(dir, () => clock.now());
    expect(notice).toBeUndefined();
    expect(registry.list().map((p) => p.commands)).toEqual([
      ['broadcast.startRecording', 'broadcast.stopRecording', 'broadcast.setCuePoint'],
      ['channel.focus'],
    ]);
  });
});
