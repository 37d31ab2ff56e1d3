/**
 * What the command palette lists (docs/dev/architecture.md, "Commands, and every way in"):
 * - every command whose declaration offers it to the palette (`offer.palette`), with its title,
 *   category and shortcut, disabled with the reason main (at a seat, the hub) would refuse it
 *   with (`offerOf`);
 * - every channel, broadcast, program, VOD content, category and VOD channel already in the
 *   TanStack Query cache, to jump to. Reading the cache sends nothing to the platform.
 */
import type { QueryClient } from '@tanstack/svelte-query';
import { z } from 'zod';
import { commands, type CommandName } from '../../../src-main/shared/bridge';
import { commandTextKeys } from '../../../src-main/shared/command-texts';
import type { CommandCategory, CommandDecl } from '../../../src-main/shared/commands/define';
import type { MessageKey } from '../../../src-main/shared/i18n/message';
import type { Broadcast, Fresh, WorkspaceState } from '../../../src-main/shared/model';
import type { PopOutKind } from '../../../src-main/shared/pop-out-model';
import type { JumpKind, JumpTarget, View } from '../../../src-main/shared/views';
import { en } from '../../../src-main/shared/i18n/en';
import { t } from '../../i18n/i18n.svelte';
import { offerOf } from '../command-state';
import { keys } from '../queries/keys';
import { seatRoleOf } from '../queries/studio';
import { shortcutOf } from '../shortcuts';
import { prepare, type Prepared, type Rankable } from './match';

/** What a cached object is, for its label and where it opens. */
export type EntityKind = JumpKind;

/** Where an entity opens (shared/views.ts: a pop-out asks the main window for it). */
export type { JumpTarget };

/** A text field the palette asks for before it runs a command (e.g. a new title). */
export interface AskedField {
  /** The input field's name, e.g. `title`. */
  name: AskableField;
  required: boolean;
}

/** How the palette runs a command: with the inputs it asks for, or by opening its view. */
export type InputPlan =
  | {
      kind: 'run';
      /** Fields asked for inside the palette, in declaration order. */
      fields: AskedField[];
      /** The input takes the broadcast open in the control room (`broadcastKey`). */
      needsBroadcast: boolean;
      /**
       * The input may name a live channel (an optional `channelKey`): the palette sends the
       * channel in focus (`presence.focusedChannel`), as the command's button and the desktop's
       * Window menu do; with none in focus the command's own default holds.
       */
      takesFocusedChannel: boolean;
    }
  | {
      kind: 'view';
      /** The view whose controls run it (the palette cannot pick its target). */
      view: View;
    };

/** The fields the palette can ask for as text, each with a catalogue label. */
export const askableFields = ['title', 'name', 'confirmTitle'] as const;
/** One of {@link askableFields}. */
export type AskableField = (typeof askableFields)[number];

/** The view that runs the commands of a category. */
const categoryView: Record<CommandCategory, View> = {
  controlRoom: 'control-room',
  schedule: 'schedule',
  uploads: 'uploads',
  downloads: 'recordings',
  channels: 'channels',
  recordings: 'recordings',
  statistics: 'statistics',
  library: 'library',
  workspaces: 'accounts',
  settings: 'accounts',
  app: 'control-room',
  rehearsal: 'rehearsal',
};

const isAskable = (name: string): name is AskableField =>
  (askableFields as readonly string[]).includes(name);

/**
 * How the palette gathers `name`'s input from its zod schema: `broadcastKey` from the
 * broadcast open in the control room, an optional `channelKey` from the channel in focus, the
 * fields of {@link askableFields} asked as text, other optional fields left out; any other
 * required field (a key the palette cannot pick) makes it open the command's view instead.
 */
export function inputPlan(name: CommandName): InputPlan {
  const decl = commands[name] as CommandDecl;
  const view = categoryView[decl.category];
  if (!(decl.input instanceof z.ZodObject)) return { kind: 'view', view };
  const fields: AskedField[] = [];
  let needsBroadcast = false;
  let takesFocusedChannel = false;
  const shape: Record<string, z.ZodType> = decl.input.shape;
  for (const [field, schema] of Object.entries(shape)) {
    const optional = schema.safeParse(undefined).success;
    if (field === 'broadcastKey') needsBroadcast = true;
    else if (field === 'channelKey' && optional) takesFocusedChannel = true;
    else if (isAskable(field)) fields.push({ name: field, required: !optional });
    else if (!optional) return { kind: 'view', view };
  }
  return { kind: 'run', fields, needsBroadcast, takesFocusedChannel };
}

/** One line of the palette. */
export interface PaletteEntry extends Rankable {
  /** The name shown (also `name.text`). */
  label: string;
  /** What it is: a command's category, or the kind of object. */
  detail: string;
  /** The declared shortcut (`Shift+KeyR`), commands only. */
  shortcut: string | null;
  enabled: boolean;
  /** Why it is disabled, in the operator's words; null when enabled. */
  reason: string | null;
  /** What choosing it does besides running, e.g. "Opens Library"; null for nothing. */
  note: string | null;
  /** A command to run, or an object to jump to. */
  action:
    | { kind: 'command'; command: CommandName; plan: InputPlan }
    | { kind: 'jump'; target: JumpTarget };
}

/** What the palette knows when it lists commands. */
export interface PaletteContext {
  /** The broadcast open in the control room, if any. */
  broadcastKey: string | null;
  /** Now, epoch ms (the display clock): how fresh a cached broadcast is. */
  now: number;
  /** The operator's language: titles are found by their English name as well. */
  language: 'en' | 'ko';
  /** The pop-out this window is (it draws only that view), or null for the main window. */
  popOut: PopOutKind | null;
}

/**
 * Whether an entry that opens `view` opens it in the main window: in a pop-out that does not
 * draw that view (`window.showMainView`). A pop-out opens its own view itself: a control room
 * pop-out selects the channel or broadcast chosen, where the operator who asked is looking.
 */
export function opensInMain(view: View, popOut: PopOutKind | null): boolean {
  return popOut !== null && view !== popOut;
}

/** What an entry that opens `view` says it does, when it says anything. */
function opensNote(view: View, popOut: PopOutKind | null, always: boolean): string | null {
  if (opensInMain(view, popOut)) return t('palette.opensInMain', { view: viewTitle(view) });
  return always ? t('palette.opensView', { view: viewTitle(view) }) : null;
}

/** Prepared names, kept across openings: typing never prepares a name twice. */
const preparedCache = new Map<string, Prepared>();
function prepared(text: string): Prepared {
  let found = preparedCache.get(text);
  if (!found) {
    if (preparedCache.size > 20_000) preparedCache.clear();
    found = prepare(text);
    preparedCache.set(text, found);
  }
  return found;
}

/** The English title of every command, for the Korean palette's aliases (read once). */
let englishTitles: Map<string, string> | null = null;
function englishTitle(name: CommandName): string | undefined {
  if (!englishTitles) {
    englishTitles = new Map();
    for (const command of Object.keys(commands) as CommandName[]) {
      let node: unknown = en;
      for (const part of commandTextKeys(command).title.split('.'))
        node =
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[part]
            : undefined;
      if (typeof node === 'string') englishTitles.set(command, node);
    }
  }
  return englishTitles.get(name);
}

/** A view's name as the top bar shows it. */
function viewTitle(view: View): string {
  const names: Record<View, MessageKey> = {
    'control-room': 'shell.views.controlRoom',
    multiview: 'shell.views.multiview',
    schedule: 'shell.views.schedule',
    channels: 'shell.views.channels',
    recordings: 'shell.views.recordings',
    statistics: 'shell.views.statistics',
    library: 'shell.views.library',
    uploads: 'shell.views.uploads',
    accounts: 'shell.views.accounts',
    rehearsal: 'shell.views.rehearsal',
    activity: 'shell.views.activity',
  };
  return t(names[view]);
}

/** The palette's command lines, in declaration order. */
export function commandEntries(client: QueryClient, context: PaletteContext): PaletteEntry[] {
  const workspace = client.getQueryData<WorkspaceState>(keys.workspaceState());
  // As the status bar last read it (every window shows one): a seat's role is the hub's.
  const seatRole = seatRoleOf(client);
  const broadcast = context.broadcastKey
    ? client.getQueryData<Fresh<Broadcast>>(keys.broadcast(context.broadcastKey))
    : undefined;
  const out: PaletteEntry[] = [];
  for (const name of Object.keys(commands) as CommandName[]) {
    const decl = commands[name] as CommandDecl;
    if (!decl.offer?.palette) continue;
    const plan = inputPlan(name);
    const offer = offerOf(name, {
      workspace,
      broadcast: broadcast ? { data: broadcast.data, fetchedAt: broadcast.fetchedAt } : undefined,
      now: context.now,
      seatRole,
    });
    let enabled = offer.enabled;
    let reason = offer.reason;
    if (enabled && plan.kind === 'run' && plan.needsBroadcast && !context.broadcastKey) {
      enabled = false;
      reason = t('palette.needsBroadcast');
    }
    const category = t(`palette.category.${decl.category}` as MessageKey);
    const english = context.language === 'ko' ? englishTitle(name) : undefined;
    out.push({
      id: `command:${name}`,
      name: prepared(offer.title),
      aliases: [prepared(category), ...(english ? [prepared(english)] : [])],
      label: offer.title,
      detail: category,
      shortcut: shortcutOf(name),
      enabled,
      reason,
      note: plan.kind === 'view' ? opensNote(plan.view, context.popOut, true) : null,
      action: { kind: 'command', command: name, plan },
    });
  }
  return out;
}

/** One object found in the cache. */
interface Found {
  kind: EntityKind;
  key: string;
  name: string;
  channelKey?: string;
  /** A scheduled channel (it opens in the Schedule). */
  scheduled?: boolean;
}

const str = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Recognises a cached object by its fields (the shapes of `shared/model.ts`,
 * `shared/library-model.ts`); `root` is the query key's first part.
 */
function recognise(value: Record<string, unknown>, root: string, path: string): Found | null {
  const { key, title, name } = value;
  if (str(value.uploadFileKey) && str(value.mediaContentKey) && str(title))
    return { kind: 'content', key: value.uploadFileKey, name: title };
  if (typeof value.id === 'number' && str(value.startAt) && str(value.channelKey) && str(title))
    return { kind: 'program', key: String(value.id), name: title, channelKey: value.channelKey };
  if (str(key) && str(title) && str(value.channelKey) && typeof value.onAir === 'boolean')
    return { kind: 'broadcast', key, name: title, channelKey: value.channelKey };
  if (
    str(key) &&
    str(title) &&
    typeof value.onAir === 'boolean' &&
    path.endsWith('latestBroadcast')
  )
    return { kind: 'broadcast', key, name: title };
  if (str(key) && str(title) && typeof value.customerCode === 'string')
    return {
      kind: 'channel',
      key,
      name: title,
      ...(value.type === 'scheduled' ? { scheduled: true } : {}),
    };
  if (root === 'library' && str(key) && str(name) && 'parentKey' in value)
    return { kind: 'category', key, name };
  if (root === 'library' && str(key) && str(name) && path.includes('channels'))
    return { kind: 'vodChannel', key, name };
  return null;
}

/** Where a found object opens. */
function targetOf(found: Found, parent: Found | null): JumpTarget {
  switch (found.kind) {
    case 'channel':
      return found.scheduled
        ? { view: 'schedule', kind: 'channel', key: found.key }
        : { view: 'control-room', kind: 'channel', key: found.key };
    case 'broadcast': {
      const channelKey = found.channelKey ?? (parent?.kind === 'channel' ? parent.key : undefined);
      return {
        view: 'control-room',
        kind: 'broadcast',
        key: found.key,
        ...(channelKey ? { channelKey } : {}),
      };
    }
    case 'program':
      return {
        view: 'schedule',
        kind: 'program',
        key: found.key,
        ...(found.channelKey ? { channelKey: found.channelKey } : {}),
      };
    default:
      return { view: 'library', kind: found.kind, key: found.key };
  }
}

/**
 * Every channel, broadcast, program, VOD content, category and VOD channel in the query
 * cache, once each (the first found wins), as palette lines. Reads the cache only.
 * @param popOut the pop-out this window is: a line that opens in the main window says so.
 */
export function cachedEntries(
  client: QueryClient,
  popOut: PopOutKind | null = null,
): PaletteEntry[] {
  const seen = new Set<string>();
  const out: PaletteEntry[] = [];
  const kindLabel: Record<EntityKind, string> = {
    channel: t('palette.kind.channel'),
    broadcast: t('palette.kind.broadcast'),
    program: t('palette.kind.program'),
    content: t('palette.kind.content'),
    category: t('palette.kind.category'),
    vodChannel: t('palette.kind.vodChannel'),
  };
  const visit = (
    value: unknown,
    root: string,
    path: string,
    parent: Found | null,
    depth: number,
  ): void => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, root, path, parent, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const found = recognise(record, root, path);
    if (found) {
      const id = `${found.kind}:${found.key}`;
      if (!seen.has(id)) {
        seen.add(id);
        const target = targetOf(found, parent);
        out.push({
          id,
          name: prepared(found.name),
          label: found.name,
          detail: kindLabel[found.kind],
          shortcut: null,
          enabled: true,
          reason: null,
          note: opensNote(target.view, popOut, false),
          action: { kind: 'jump', target },
        });
      }
    }
    for (const [field, child] of Object.entries(record)) {
      if (child !== null && typeof child === 'object')
        visit(child, root, `${path}.${field}`, found ?? parent, depth + 1);
    }
  };
  for (const query of client.getQueryCache().getAll()) {
    const root = String(query.queryKey[0]);
    if (
      root === 'workspace-state' ||
      root === 'accounts' ||
      root === 'budget' ||
      root === 'notices'
    )
      continue;
    visit(query.state.data, root, query.queryKey.map(String).join('.'), null, 0);
  }
  return out;
}
