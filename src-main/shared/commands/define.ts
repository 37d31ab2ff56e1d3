/**
 * The small typed registry every domain declares its bridge commands and events with
 * (docs/dev/architecture.md, "Processes and trust"). A command is declared once: its name
 * (`domain.verb`), its zod input schema (main validates with it; the renderer's input type is
 * inferred from it), its output type and the API priority its platform calls run at. Main registers
 * the handler from the same declaration (`services/core/command-registry.ts`), and the hosts, the
 * preload and the renderer's types derive from it: nothing is kept in step by hand.
 */
import type { z } from 'zod';
import type { operations as LiveOperations } from '../../platform/generated/live-v1';
import type { operations as VodOperations } from '../../platform/generated/vod-v3';

/**
 * The scheduler priority a command's platform calls run at (docs/dev/architecture.md, "The API
 * budget"): `command` an operator pressed a button, `view` what is on screen, `watch` background
 * polling, `bulk` batches and one-time URLs; `local` when it makes no platform call.
 */
export type CommandPriority = 'command' | 'view' | 'watch' | 'bulk' | 'local';

/**
 * A type carried by a declaration with no value at run time (the output of a command, the
 * payload of an event). Covariant, so a declaration of `Broadcast` is a declaration of
 * `unknown` too.
 */
export interface Carries<T> {
  readonly carried?: () => T;
}

/** Declares the type a command answers or an event carries: `returns<Broadcast>()`. */
export function returns<T>(): Carries<T> {
  return {};
}

/**
 * A service account's role (spec, Endpoints: "SA" super administrator, "A" administrator;
 * `x-roles` of each operation in `resources/openapi/live-v1.yaml`).
 */
export type Role = 'super_admin' | 'admin';

/** Both roles: a command any token may run (no operation it calls is restricted). */
export const anyRole = ['super_admin', 'admin'] as const satisfies readonly Role[];

/** Super administrator only: it calls at least one operation the spec keeps to that role. */
export const superAdminOnly = ['super_admin'] as const satisfies readonly Role[];

/** The platform APIs a workspace may have an account of (docs/dev/architecture.md, "Workspaces"). */
export type ApiName = 'live' | 'vod';

/**
 * One platform operation, `<api>.<operationId>` of `resources/openapi/<api>.yaml`, e.g.
 * `live.startDuplicateRecording`: checked by the compiler against the generated types.
 */
export type OperationRef =
  `live.${OperationId<LiveOperations>}` | `vod.${OperationId<VodOperations>}`;

/** The operation ids of a generated `operations` interface, as strings. */
type OperationId<T> = Extract<keyof T, string>;

/** What running a command does: reads, changes, or changes in a way that cannot be undone. */
export type CommandEffect = 'read' | 'change' | 'destructive';

/**
 * What the operator confirms before a destructive command runs, on every way in:
 * - `again`: a second, deliberate press: the confirm button of a dialog, or the same panel
 *   button pressed again within 2 s;
 * - `typed`: the target's name typed out; the text travels in the input field `field` and the
 *   handler checks it against the platform's own name before the destructive call.
 */
export type ConfirmRule = { kind: 'again' } | { kind: 'typed'; field: string };

/**
 * The confirmation a way in carries with a destructive command (see {@link ConfirmRule}), or
 * `override`: the operator was told another operator just did the opposite (or changed the
 * program since it was read) and runs the command anyway (services/core/crossing.ts).
 */
export type Confirmation = { kind: 'again' } | { kind: 'typed' } | { kind: 'override' };

/**
 * How a command reached main: a button or a menu of the app's page, a keyboard shortcut, the
 * command palette, a hardware panel (the local control API), a studio seat, or the app itself
 * (a batch it runs, a watch).
 */
export type WayIn = 'button' | 'key' | 'palette' | 'panel' | 'seat' | 'app';

/** The ways in an operator names; `app` is the app's own. */
export const waysIn = ['button', 'key', 'palette', 'panel', 'seat', 'app'] as const;

/** Where a command is listed for menus and the palette. */
export type CommandCategory =
  | 'controlRoom'
  | 'schedule'
  | 'uploads'
  | 'downloads'
  | 'channels'
  | 'recordings'
  | 'statistics'
  | 'library'
  | 'workspaces'
  | 'settings'
  | 'rehearsal'
  | 'app';

/**
 * A named condition on workspace state a command needs (VS Code's when-clauses, kept to what
 * this platform has): evaluated in main before any platform call and in the views to offer
 * the command disabled with the reason (`shared/commands/preconditions.ts`).
 */
export type PreconditionName =
  'broadcastOnAir' | 'recordingRunning' | 'recordingStopped' | 'sandboxWorkspace';

/**
 * Where a command runs (docs/dev/architecture.md, "Commands, and every way in"; issue 32 §1):
 * - `platform`: where the accounts are: on the desk that holds them, at the hub for a seat
 *   (every platform read and change, the upload queue, the journal, presence);
 * - `workstation`: this desk's own: its language, operator name, notifications, shortcuts,
 *   panels, download folder, diagnostics, update settings, view and window state, and whether it
 *   is a seat. A seat runs these itself; they never reach the hub;
 * - `hub`: the desk's administration: accounts and tokens, the workspace switch and pairing,
 *   studio administration, rehearsal delivery outside loopback. Only the desk's own ways in
 *   run them: a seat's are refused at the hub (shared/commands/ways-in.ts).
 */
export type CommandScope = 'platform' | 'workstation' | 'hub';

/** Every scope, for tests and tables that walk them. */
export const commandScopes = [
  'platform',
  'workstation',
  'hub',
] as const satisfies readonly CommandScope[];

/** The ways in beside the app's own buttons that may offer a command. */
export interface Offers {
  /** A keyboard shortcut may be bound to it. */
  keys?: boolean;
  /** The command palette lists it. */
  palette?: boolean;
  /** A hardware panel button may run it. */
  panel?: boolean;
}

/**
 * What a declaration says besides input and output: what the operator sees (title and
 * description are the catalogue keys `commands.<domain>.<name>.title` and `.description`,
 * derived from the name: see `commandTextKeys`) and what guards it in the pipeline
 * (`services/core/command-pipeline.ts`).
 */
export interface CommandMeta {
  /** Where it runs, and so which ways in may run it ({@link CommandScope}). Required. */
  scope: CommandScope;
  /**
   * True when what it answers shows a secret (a restream's stream key, a user key issued once):
   * an observer seat is refused it, and every run is journaled with who, seat and way in,
   * although it may be a read (issue 32 §1, "Secrets that a read reveals").
   */
  reveals?: true;
  /** Where menus and the palette list it. */
  category: CommandCategory;
  /** Read, change, or destructive (which needs `confirm`). */
  effect: CommandEffect;
  /** What the operator confirms; required for `destructive`, absent otherwise. */
  confirm?: ConfirmRule;
  /**
   * The API the workspace must have an account of: `any` when it depends on the input (a
   * download of a recording file or of VOD content) or the command answers without it (the
   * upload dialog's VOD categories: `available: false`); null for a command that calls nothing.
   */
  api: ApiName | 'any' | null;
  /** Every platform operation its handler may call (empty for local commands). */
  operations: readonly OperationRef[];
  /**
   * The roles that may run it: the roles every operation in `operations` allows
   * (`x-roles`; an operation without one allows both). Checked by a test.
   */
  roles: readonly Role[];
  /**
   * True for the one read that is how main learns the token's role: its super administrator's
   * operation answered 403 means an administrator's token (`channels.access`). The role guard
   * lets it through, since refusing it would keep the role unknowable; `roles` stays exact.
   */
  learnsRole?: true;
  /**
   * How the journal keeps a `change` (docs/dev/architecture.md, "Activity"); absent: every run.
   * `whenSetting`: a read-or-set command (the language, the download folder): a run whose input
   * gives none of its fields only reads, and is not journaled. `never`: the app's own
   * bookkeeping (the saved view state), which is nobody's act. `whenActed`, for a `read` too:
   * a run is journaled only when its handler says it acted (`journalAct`,
   * services/core/command-journal.ts), as an operator's cancel of a command waiting for the
   * budget is: no platform call, yet it decides what the platform gets.
   */
  journal?: 'whenSetting' | 'never' | 'whenActed';
  /** A condition on workspace state; absent: always. */
  precondition?: PreconditionName;
  /** Which other ways in may offer it. */
  offer?: Offers;
  /**
   * Its default keyboard shortcut: physical keys (`KeyboardEvent.code`), modifiers first,
   * joined by `+`, e.g. `KeyR`, `Shift+KeyR`, `Mod+KeyK` (`Mod` is ⌘ on macOS, Ctrl
   * elsewhere). Only with `offer.keys`.
   */
  shortcut?: string;
}

/** One command: input schema, output type, API priority, and what guards it. */
export interface CommandDecl<
  S extends z.ZodType = z.ZodType,
  O = unknown,
  P extends CommandPriority = CommandPriority,
> extends CommandMeta {
  /** Validates the renderer's input in main; its parsed output is what the handler gets. */
  input: S;
  /**
   * The roles this input needs, when they depend on it; absent: `roles`. An upload of VOD
   * content calls none of the live super administrator's operations its command may call for
   * program media. Each answer allows at least `roles`. The pipeline and the views check it
   * in place of `roles` (method syntax: it takes the command's own parsed input).
   */
  rolesFor?(input: z.output<S>): readonly Role[];
  /** What the command answers inside `{ ok: true, data }`. */
  output: Carries<O>;
  /** The priority its platform calls run at; its handler is given it. */
  priority: P;
}

/** One event main pushes: its payload type, and whose pages hear it. */
export interface EventDecl<P = unknown> {
  payload: Carries<P>;
  /**
   * `workstation`: of this desk's own (its settings, its windows), pushed to this desk's pages
   * only: a studio hub never sends it to its seats, and a seat's own desk pushes it to the seat's
   * pages (issue 32 §1, as {@link CommandScope}). Absent: every page, a seat's too.
   */
  scope?: 'workstation';
}

/** Names of commands and events: `domain.verb`, e.g. `broadcast.startRecording`. */
export type BridgeName = `${string}.${string}`;

/** A domain's commands, keyed by name. */
export type CommandDecls = Record<BridgeName, CommandDecl>;

/** A domain's events, keyed by name. */
export type EventDecls = Record<BridgeName, EventDecl>;

/** Declares one command; `output: returns<T>()` names what it answers. */
export function command<S extends z.ZodType, O, const P extends CommandPriority>(
  decl: CommandDecl<S, O, P>,
): CommandDecl<S, O, P> {
  return decl;
}

/**
 * Declares one command on the desk's own settings (settings, panels, studio): no platform
 * call, so `local` priority, no API, no operations, either role, listed under `settings`.
 * Its `effect` still says whether it is audited (`read`: never); its `scope` where it runs
 * (most are `workstation`; the studio's administration is `hub`).
 */
export function localSetting<S extends z.ZodType, O>(
  decl: Pick<CommandDecl<S, O>, 'input' | 'output' | 'effect' | 'scope'> &
    Partial<Pick<CommandDecl<S, O>, 'confirm' | 'offer' | 'shortcut' | 'precondition' | 'journal'>>,
): CommandDecl<S, O, 'local'> {
  return {
    ...decl,
    priority: 'local',
    category: 'settings',
    api: null,
    operations: [],
    roles: anyRole,
  };
}

/**
 * Declares one command on the desk's own state (its journal, studio presence, saved queries,
 * the budget gauge, notices, batch progress, windows): no platform call, so `local` priority,
 * no API, no operations, either role, listed under `app`. `effect` says what it does:
 * - `read`: never audited and, when its `scope` is `platform`, open to an observer seat;
 * - `change`: the desk's own view state (saved queries, windows), yet never journaled: where the
 *   operator put a window or what the page saved by itself is nobody's act
 *   (docs/dev/architecture.md, "Activity").
 */
export function localState<S extends z.ZodType, O>(
  effect: 'read' | 'change',
  decl: Pick<CommandDecl<S, O>, 'input' | 'output' | 'scope'> &
    Partial<Pick<CommandDecl<S, O>, 'offer'>>,
): CommandDecl<S, O, 'local'> {
  return {
    ...decl,
    priority: 'local',
    category: 'app',
    effect,
    ...(effect === 'change' ? { journal: 'never' as const } : {}),
    api: null,
    operations: [],
    roles: anyRole,
  };
}

/** Declares one event carrying `P`; `scope: 'workstation'` keeps it to this desk's pages. */
export function event<P>(scope?: 'workstation'): EventDecl<P> {
  return { payload: returns<P>(), ...(scope ? { scope } : {}) };
}

/** A domain's commands; TypeScript keeps each name `domain.verb`. */
export function defineCommands<const D extends CommandDecls>(decls: D): D {
  return decls;
}

/** A domain's events. */
export function defineEvents<const E extends EventDecls>(decls: E): E {
  return decls;
}

/** A command's input as the renderer writes it (before zod's defaults and trimming). */
export type InputOf<D extends CommandDecl> = z.input<D['input']>;

/** A command's input as its handler gets it (after validation). */
export type ParsedInputOf<D extends CommandDecl> = z.output<D['input']>;

/** What a command answers. */
export type OutputOf<D extends CommandDecl> = D['output'] extends Carries<infer O> ? O : never;

/** What an event carries. */
export type PayloadOf<E extends EventDecl> = E['payload'] extends Carries<infer P> ? P : never;

/**
 * Joins the domains' declarations into one table.
 * @throws Error naming a command or event two domains both declare (at start-up, in tests).
 */
export function joinDomains<const T extends Record<string, Record<BridgeName, unknown>>>(
  domains: T,
): UnionToIntersection<T[keyof T]> {
  const joined: Record<string, unknown> = {};
  for (const [domain, decls] of Object.entries(domains)) {
    for (const [name, decl] of Object.entries(decls)) {
      if (Object.hasOwn(joined, name)) throw new Error(`${name} is declared twice (${domain}).`);
      joined[name] = decl;
    }
  }
  return joined as UnionToIntersection<T[keyof T]>;
}

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (
  k: infer I,
) => void
  ? I
  : never;
