/**
 * The ways-in table (ways-in.ts) over the real declarations: each row lets through what
 * docs/security.md ("Ways in") says, and nothing else, in the operator's words.
 */
import { describe, expect, it } from 'vitest';
import { commandNames, commands, type CommandName } from '../bridge';
import type { CommandDecl } from './define';
import { doorsOf, seatRefusal, wayInRefusal, type Caller } from './ways-in';

const decl = (name: CommandName): CommandDecl => commands[name];
const refusal = (name: CommandName, caller: Caller) => wayInRefusal(name, decl(name), caller);
const allowed = (caller: Caller) => commandNames.filter((name) => !refusal(name, caller));

describe('the ways-in table', () => {
  it('lets the desk’s own buttons, keys and palette run every command', () => {
    for (const via of ['button', 'key', 'palette', 'app'] as const)
      expect(allowed({ via })).toEqual(commandNames);
  });

  it('lets a panel run only what panels are offered and its operator ticked; absent ticks, nothing', () => {
    expect(allowed({ via: 'panel' })).toEqual([]);
    const ticked = ['broadcast.setCuePoint', 'schedule.apply', 'account.add'];
    expect(allowed({ via: 'panel', panelCommands: ticked })).toEqual(['broadcast.setCuePoint']);
    expect(refusal('schedule.apply', { via: 'panel', panelCommands: ticked })?.text?.key).toBe(
      'pipeline.notForPanels',
    );
    expect(
      refusal('broadcast.startRecording', { via: 'panel', panelCommands: ticked })?.text?.key,
    ).toBe('pipeline.panelNotTicked');
  });

  it('lets an operator seat run platform commands only, whatever way in it names', () => {
    for (const via of ['seat', 'button', 'key', 'palette'] as const) {
      const seen = allowed({ via, seatRole: 'operator' });
      expect(seen.every((name) => decl(name).scope === 'platform')).toBe(true);
      expect(seen).toContain('broadcast.stopRecording');
      expect(seen).not.toContain('settings.updates');
      expect(seen).not.toContain('workspace.switch');
    }
  });

  it('lets an observer seat run platform reads that reveal nothing', () => {
    const seen = allowed({ via: 'seat', seatRole: 'observer' });
    expect(seen).toContain('channels.list');
    for (const name of seen) {
      expect(decl(name)).toMatchObject({ scope: 'platform', effect: 'read' });
      expect(decl(name).reveals).toBeUndefined();
    }
    expect(
      refusal('channelAdmin.revealStreamKey', { via: 'seat', seatRole: 'observer' })?.text?.key,
    ).toBe('pipeline.observerReveal');
    // A call that says `seat` without the role the hub knows is held to an observer's row.
    expect(allowed({ via: 'seat' })).toEqual(seen);
  });

  it('lets the backup run nothing, and holds a seat’s panel to both rows', () => {
    expect(allowed({ seatRole: 'backup', via: 'button' })).toEqual([]);
    expect(doorsOf({ via: 'panel', seatRole: 'operator' })).toEqual(['operatorSeat', 'panel']);
    const ticked = { via: 'panel' as const, panelCommands: ['broadcast.setCuePoint'] };
    expect(allowed({ ...ticked, seatRole: 'operator' })).toEqual(['broadcast.setCuePoint']);
    expect(allowed({ ...ticked, seatRole: 'observer' })).toEqual([]);
  });

  it('tells a seat’s pages what the hub refuses them, and lets the seat’s own commands pass', () => {
    for (const seatRole of ['operator', 'observer', 'backup'] as const)
      for (const name of commandNames) {
        const own = decl(name).scope === 'workstation';
        expect(seatRefusal(name, decl(name), seatRole)).toEqual(
          own ? null : refusal(name, { via: 'palette', seatRole }),
        );
      }
    expect(seatRefusal('window.popOutMultiview', decl('window.popOutMultiview'), 'observer')).toBe(
      null,
    );
    expect(seatRefusal('workspace.switch', decl('workspace.switch'), 'operator')?.text?.key).toBe(
      'pipeline.seatHubOnly',
    );
  });
});
