/**
 * Keyboard shortcuts changed in Settings (`settings.shortcuts`): kept in settings.json as
 * overrides of the declared defaults across a restart; a key the app keeps for itself or
 * another command already has is refused, naming what has it, and nothing is kept.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../shared/bridge';
import type { CommandDecl } from '../../shared/commands/define';
import { createI18n } from '../../shared/i18n';
import { resolveParams, type MessageRef } from '../../shared/i18n/message';
import {
  effectiveShortcuts,
  fixedShortcuts,
  holderOf,
  keyCommands,
  sameKeys,
  shortcutText,
} from '../../shared/shortcuts-model';
import { startRestartRig, type RestartRig } from '../app/test-support';

let rig: RestartRig;
let dataDir: string;

beforeEach(async () => {
  rig = await startRestartRig('onair-shortcuts-');
  ({ dataDir } = rig);
});
afterEach(() => rig.close());

const start = () => rig.start();

const client = { clientId: 't' };
const table = commands as Readonly<Record<string, CommandDecl>>;

/** A message main wrote, in `language`, as the renderer shows it. */
function shown(text: MessageRef | undefined, language: 'en' | 'ko'): string {
  if (!text) throw new Error('no catalogue message');
  const i18n = createI18n(language);
  const translate = i18n.t as unknown as (key: string, params?: object) => string;
  const render = (m: MessageRef): string => translate(m.key, resolveParams(m.params, render));
  return render(text);
}

/** The key map main answers, command → key. */
function keysOf(answer: unknown): Record<string, string | null> {
  const { ok, data } = answer as {
    ok: boolean;
    data: { rows: { command: string; keys: string | null }[] };
  };
  expect(ok).toBe(true);
  return Object.fromEntries(data.rows.map((row) => [row.command, row.keys]));
}

describe('the shortcut model', () => {
  it('offers every command declared with offer.keys, and their defaults clash with nothing', () => {
    const names = keyCommands(table);
    expect(names).toEqual([
      'broadcast.startRecording',
      'broadcast.stopRecording',
      'broadcast.setCuePoint',
    ]);
    const defaults = effectiveShortcuts(table, {});
    expect(defaults).toEqual({
      'broadcast.startRecording': 'KeyR',
      'broadcast.stopRecording': 'Shift+KeyR',
      'broadcast.setCuePoint': 'KeyC',
    });
    for (const name of names) {
      const keys = defaults[name];
      if (keys) expect(holderOf(defaults, name, keys)).toBeNull();
    }
  });

  it('reads shortcuts in one order and counts Mod as Ctrl or ⌘', () => {
    expect(shortcutText.parse('Shift+Mod+KeyZ')).toBe('Mod+Shift+KeyZ');
    expect(shortcutText.safeParse('Hyper+KeyR').success).toBe(false);
    expect(shortcutText.safeParse('Shift+Shift+KeyR').success).toBe(false);
    expect(shortcutText.safeParse('KeyÄ').success).toBe(false);
    expect(sameKeys('Mod+KeyK', 'Ctrl+KeyK')).toBe(true);
    expect(sameKeys('Mod+KeyK', 'Meta+KeyK')).toBe(true);
    expect(sameKeys('Ctrl+KeyK', 'Meta+KeyK')).toBe(false);
    expect(sameKeys('Shift+KeyR', 'KeyR')).toBe(false);
  });

  it('keeps the app’s own keys from every command', () => {
    const effective = effectiveShortcuts(table, {});
    for (const keys of ['Ctrl+KeyK', 'Shift+Slash', 'Slash', 'Shift+Digit4', 'Digit9', 'Tab'])
      expect(holderOf(effective, 'broadcast.setCuePoint', keys)?.kind).toBe('app');
    expect(fixedShortcuts.length).toBeGreaterThan(20);
  });

  it('gives a key clashing in a hand-edited file to the operator’s override first', () => {
    const effective = effectiveShortcuts(table, {
      'broadcast.setCuePoint': 'KeyR',
      'broadcast.stopRecording': 'Slash',
      'broadcast.startRecording': 'not a key',
    });
    expect(effective).toEqual({
      'broadcast.startRecording': null,
      'broadcast.stopRecording': null,
      'broadcast.setCuePoint': 'KeyR',
    });
  });
});

describe('settings.shortcuts and settings.changeShortcut', () => {
  it('rebinds a command, refuses a taken key naming its command, and keeps it across a restart', async () => {
    const first = await start();
    try {
      expect(keysOf(await first.invoke('settings.shortcuts', {}, client))).toMatchObject({
        'broadcast.startRecording': 'KeyR',
      });
      const moved = await first.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.startRecording', keys: 'Shift+KeyG' } },
        client,
      );
      expect(keysOf(moved)['broadcast.startRecording']).toBe('Shift+KeyG');

      // The cue point's C key is taken: refused in the operator's words, naming the command.
      const taken = await first.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.startRecording', keys: 'KeyC' } },
        client,
      );
      expect(taken.ok).toBe(false);
      if (taken.ok) throw new Error('unreachable');
      expect(taken.error.code).toBe('conflict');
      expect(taken.error.message).toBe(
        'C is already the shortcut of “Set cue point now”. Give that command another key first.',
      );
      expect(shown(taken.error.text, 'ko')).toBe(
        'C 키는 이미 “지금 큐 포인트 설정”의 단축키입니다. 먼저 그 명령에 다른 키를 지정하세요.',
      );

      // One of the app's own keys is refused too, saying what it does.
      const own = await first.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.setCuePoint', keys: 'Shift+Digit2' } },
        client,
      );
      expect(own.ok).toBe(false);
      if (own.ok) throw new Error('unreachable');
      expect(own.error.message).toBe(
        'Shift+2 is the app’s own key (Open the view at that place in the top bar); it cannot be given to a command.',
      );

      // Neither refusal was kept.
      const kept = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
        shortcuts?: Record<string, string | null>;
      };
      expect(kept.shortcuts).toEqual({ 'broadcast.startRecording': 'Shift+KeyG' });

      // R is free now: stop recording takes it; cue point's key is cleared.
      await first.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.stopRecording', keys: 'KeyR' } },
        client,
      );
      await first.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.setCuePoint', keys: null } },
        client,
      );
      // Start recording's default R now belongs to stop recording: reset is refused.
      const back = await first.invoke(
        'settings.changeShortcut',
        { reset: 'broadcast.startRecording' },
        client,
      );
      expect(back.ok).toBe(false);
      if (back.ok) throw new Error('unreachable');
      expect(back.error.message).toContain('“Stop recording”');
    } finally {
      await first.dispose();
    }

    const second = await start();
    try {
      const read = await second.invoke('settings.shortcuts', {}, client);
      expect(keysOf(read)).toEqual({
        'broadcast.startRecording': 'Shift+KeyG',
        'broadcast.stopRecording': 'KeyR',
        'broadcast.setCuePoint': null,
      });
      const reset = await second.invoke('settings.changeShortcut', { reset: 'all' }, client);
      expect(keysOf(reset)).toEqual(effectiveShortcuts(table, {}));
    } finally {
      await second.dispose();
    }
  });

  it('audits a change of a shortcut, never a read of them', async () => {
    const core = await start();
    try {
      expect(await core.invoke('settings.shortcuts', {}, client)).toMatchObject({ ok: true });
      const changed = await core.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.setCuePoint', keys: null } },
        client,
      );
      expect(changed).toMatchObject({ ok: true });
    } finally {
      await core.dispose();
    }
    const root = join(dataDir, 'audit');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.jsonl'));
    const audited: string[] = [];
    for (const file of files) {
      for (const line of (await readFile(join(root, file), 'utf8')).split('\n')) {
        if (line.trim()) audited.push((JSON.parse(line) as { command: string }).command);
      }
    }
    expect(audited).toContain('settings.changeShortcut');
    expect(audited).not.toContain('settings.shortcuts');
  });

  it('refuses a command not offered to keys, and a key no shortcut can use', async () => {
    const core = await start();
    try {
      const notOffered = await core.invoke(
        'settings.changeShortcut',
        { set: { command: 'channels.list', keys: 'KeyL' } },
        client,
      );
      expect(notOffered).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      const badKey = await core.invoke(
        'settings.changeShortcut',
        { set: { command: 'broadcast.setCuePoint', keys: 'Hyper+KeyL' } },
        client,
      );
      expect(badKey).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    } finally {
      await core.dispose();
    }
  });

  it('reads a hand-edited settings file without losing the other settings', async () => {
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({
        version: 1,
        activeWorkspace: 'sandbox',
        language: 'ko',
        shortcuts: { 'broadcast.setCuePoint': 'Ctrl+Wat', 'gone.command': 'KeyQ' },
      }),
    );
    const core = await start();
    try {
      expect(keysOf(await core.invoke('settings.shortcuts', {}, client))).toEqual(
        effectiveShortcuts(table, {}),
      );
      expect(await core.invoke('settings.language', {}, client)).toMatchObject({
        ok: true,
        data: { language: 'ko' },
      });
    } finally {
      await core.dispose();
    }
  });
});
