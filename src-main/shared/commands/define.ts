/**
 * The small typed registry every domain declares its bridge commands and events with
 * (DESIGN.md, "The bridge contract"). A command is declared once: its name (`domain.verb`),
 * its zod input schema (main validates with it; the renderer's input type is inferred from
 * it), its output type and the API priority its platform calls run at. Main registers the
 * handler from the same declaration (`services/command-registry.ts`), and the hosts, the
 * preload and the renderer's types derive from it: nothing is kept in step by hand.
 */
import type { z } from 'zod';

/**
 * The scheduler priority a command's platform calls run at (DESIGN.md, "The API budget"):
 * `command` an operator pressed a button, `view` what is on screen, `watch` background
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

/** One command: input schema, output type, API priority. */
export interface CommandDecl<
  S extends z.ZodType = z.ZodType,
  O = unknown,
  P extends CommandPriority = CommandPriority,
> {
  /** Validates the renderer's input in main; its parsed output is what the handler gets. */
  input: S;
  /** What the command answers inside `{ ok: true, data }`. */
  output: Carries<O>;
  /** The priority its platform calls run at; its handler is given it. */
  priority: P;
}

/** One event main pushes: its payload type. */
export interface EventDecl<P = unknown> {
  payload: Carries<P>;
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

/** Declares one event carrying `P`. */
export function event<P>(): EventDecl<P> {
  return { payload: returns<P>() };
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
