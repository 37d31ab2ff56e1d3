/**
 * Every command declaration says what an operator sees and what guards it (docs/dev/architecture.md,
 * "Commands, and every way in"), and says it truly: titles and descriptions in both
 * catalogues, a confirmation on every destructive command, operations that exist, and roles
 * that are exactly those of the platform operations it calls (`x-roles` of
 * `resources/openapi/*.yaml`, themselves checked against the spec's Endpoints table kept in
 * `resources/spec/endpoint-roles.tsv`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOperations } from '../../sandbox/index';
import { commandNames, commands, type CommandName } from '../../shared/bridge';
import { commandTextKeys } from '../../shared/command-texts';
import { sampleInput } from '../core/command-samples';
import { commandScopes, type CommandDecl, type Role } from '../../shared/commands/define';
import { en } from '../../shared/i18n/en';
import { ko } from '../../shared/i18n/ko';
import { holderOf, shortcutText } from '../../shared/shortcuts-model';

const root = join(import.meta.dirname, '../../..');
const decl = (name: CommandName): CommandDecl => commands[name];

/** Every command: each declares what guards it (the declaration's type requires it). */
const declared = commandNames;

function textAt(catalogue: object, key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const operations = [...listOperations('live'), ...listOperations('vod')];
const byRef = new Map(operations.map((op) => [`${op.api}.${op.operationId}`, op]));
const allRoles: Role[] = ['super_admin', 'admin'];

/** The roles an operation allows: its `x-roles`, or both when it states none. */
function rolesOf(ref: string): Role[] {
  const op = byRef.get(ref);
  if (!op) throw new Error(`${ref} is not an operation of the OpenAPI documents.`);
  return op.roles.length === 0 ? allRoles : allRoles.filter((role) => op.roles.includes(role));
}

describe('command declarations', () => {
  it('reach every operation of both OpenAPI documents through some command', () => {
    const reached = new Set(commandNames.flatMap((name) => decl(name).operations));
    const unreached = operations
      .map((op) => `${op.api}.${op.operationId}`)
      .filter((ref) => !reached.has(ref as never));
    expect(operations).toHaveLength(156);
    expect(unreached).toEqual([]);
  });

  it('give every declared command a title and a description in English and Korean', () => {
    const missing: string[] = [];
    for (const name of declared) {
      for (const key of Object.values(commandTextKeys(name))) {
        for (const [language, catalogue] of [
          ['en', en],
          ['ko', ko],
        ] as const) {
          const text = textAt(catalogue, key);
          if (typeof text !== 'string' || text.trim() === '') missing.push(`${language}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('give every destructive command a confirmation, and no other command one', () => {
    expect(declared.some((name) => decl(name).effect === 'destructive')).toBe(true);
    const wrong: string[] = [];
    for (const name of commandNames) {
      const { effect, confirm, input } = decl(name);
      if ((effect === 'destructive') !== (confirm !== undefined)) wrong.push(name);
      if (confirm?.kind === 'typed') {
        // The typed text travels in an input field the schema keeps.
        const shape = (input as { shape?: Record<string, unknown> }).shape;
        if (!shape || !(confirm.field in shape)) wrong.push(`${name}: no field ${confirm.field}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('name only operations of the OpenAPI documents, of the API the command needs', () => {
    const wrong: string[] = [];
    for (const name of declared) {
      const { api, operations: refs, priority } = decl(name);
      for (const ref of refs) {
        if (!byRef.has(ref)) wrong.push(`${name}: ${ref} does not exist`);
        const refApi = ref.split('.')[0];
        if (api !== 'any' && refApi !== api) wrong.push(`${name}: ${ref} is not of ${String(api)}`);
      }
      if ((api === null) !== (refs.length === 0)) wrong.push(`${name}: api ${String(api)}`);
      if (priority === 'local' && refs.length > 0) wrong.push(`${name}: local but calls`);
    }
    expect(wrong).toEqual([]);
  });

  it('give each command exactly the roles of the platform operations it calls', () => {
    const wrong: string[] = [];
    for (const name of declared) {
      const { roles, operations: refs } = decl(name);
      const allowed = refs.reduce<Role[]>(
        (acc, ref) => acc.filter((role) => rolesOf(ref).includes(role)),
        allRoles,
      );
      if ([...roles].sort().join() !== [...allowed].sort().join())
        wrong.push(
          `${name}: declares ${roles.join('+')}, its operations allow ${allowed.join('+')}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it('let an input need fewer roles than its command, never more or others', () => {
    const withInputRoles = declared.filter((name) => decl(name).rolesFor !== undefined);
    expect(withInputRoles).toContain('upload.enqueue');
    const wrong: string[] = [];
    for (const name of withInputRoles) {
      const { roles } = decl(name);
      const forSample = decl(name).rolesFor?.(sampleInput(name)) ?? [];
      if (!roles.every((role) => forSample.includes(role)))
        wrong.push(
          `${name}: its input's roles ${forSample.join('+')} drop one of ${roles.join('+')}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it("say where every command runs, and keep the desk's own and the hub's administration apart", () => {
    const wrong: string[] = [];
    for (const name of commandNames) {
      const { scope, operations: refs } = decl(name);
      // Read as the values they are at run time: a declaration could be built without types.
      const said: { scope?: unknown; reveals?: unknown } = decl(name);
      if (!(commandScopes as readonly unknown[]).includes(said.scope))
        wrong.push(`${name}: no scope (${JSON.stringify(said.scope)})`);
      // What calls the platform runs where the accounts are.
      if (refs.length > 0 && scope !== 'platform') wrong.push(`${name}: calls, but ${scope}`);
      if (said.reveals !== undefined && said.reveals !== true)
        wrong.push(`${name}: reveals ${JSON.stringify(said.reveals)}`);
    }
    expect(wrong).toEqual([]);
    const of = (scope: string) => commandNames.filter((name) => decl(name).scope === scope);
    // Issue 32 §1: a seat's own desk, and what only the desk holding the accounts administers.
    expect(of('workstation')).toEqual(
      expect.arrayContaining([
        'settings.language',
        'settings.operatorName',
        'settings.notifications',
        'settings.sounds',
        'settings.changeShortcut',
        'settings.updates',
        'panels.add',
        'downloads.folder',
        'diagnostics.save',
        'persist.save',
      ]),
    );
    expect(of('hub')).toEqual(
      expect.arrayContaining([
        'account.add',
        'account.remove',
        'account.updateToken',
        'workspace.switch',
        'workspace.pair',
        'studio.newPairingCode',
        'studio.revokeSeat',
        'rehearsal.deliverOutside',
      ]),
    );
    expect(commandNames.filter((name) => decl(name).reveals)).toEqual(
      expect.arrayContaining(['channelAdmin.revealStreamKey']),
    );
  });

  it('bind default shortcuts to physical keys, once each, only where keys are offered, never to an app key', () => {
    const pattern =
      /^((Mod|Ctrl|Alt|Shift)\+)*(Key[A-Z]|Digit[0-9]|F[1-9]|F1[0-2]|Slash|Space|Escape|Enter)$/;
    const seen = new Map<string, string>();
    const wrong: string[] = [];
    for (const name of commandNames) {
      const { shortcut, offer } = decl(name);
      if (shortcut === undefined) continue;
      if (!pattern.test(shortcut)) wrong.push(`${name}: ${shortcut} is not a physical key`);
      if (!offer?.keys) wrong.push(`${name}: a shortcut without offer.keys`);
      // Written as settings.json keeps it, and never one of the app's own keys.
      if (shortcutText.safeParse(shortcut).data !== shortcut)
        wrong.push(`${name}: ${shortcut} is not in the stored order of its modifiers`);
      if (holderOf({}, name, shortcut)) wrong.push(`${name}: ${shortcut} is one of the app's keys`);
      const other = seen.get(shortcut);
      if (other) wrong.push(`${name} and ${other} both take ${shortcut}`);
      seen.set(shortcut, name);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the OpenAPI documents against the spec', () => {
  it('give each operation the roles of the spec Endpoints table', () => {
    const rows = readFileSync(join(root, 'resources/spec/endpoint-roles.tsv'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split('\t'));
    expect(rows).toHaveLength(156);
    const wrong: string[] = [];
    for (const [api, method, path, roles] of rows) {
      const op = operations.find(
        (candidate) =>
          candidate.api === api && candidate.method === method && candidate.pathTemplate === path,
      );
      if (!op) {
        wrong.push(`${String(api)} ${String(method)} ${String(path)}: not in the document`);
        continue;
      }
      const spec =
        roles === '—'
          ? []
          : (roles ?? '').split(', ').map((r) => (r === 'SA' ? 'super_admin' : 'admin'));
      // The spec's "SA, A" (both) and "—" (none stated) allow the same tokens.
      const norm = (list: string[]) => (list.length === 2 ? '' : [...list].sort().join());
      if (norm(spec) !== norm(op.roles))
        wrong.push(`${op.operationId}: spec ${String(roles)}, document ${op.roles.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });
});
