/**
 * What an operation handler sees and returns. The server has already authenticated,
 * rate-limited, authorized and validated the call against the OpenAPI document (defaults
 * applied, numbers coerced), so handlers read typed values and apply the platform's rules.
 */
import type { Principal } from './auth';
import type { VirtualClock } from './clock';
import type { JsonObject } from './openapi';
import type { SandboxState } from '../state/state';

/** The validated inputs of one call. */
export interface OperationInput {
  params: JsonObject;
  query: JsonObject;
  body: JsonObject;
  /** The live caller; undefined for VOD calls. */
  principal?: Principal;
}

/** Answers one call with the 200 body, or throws `ApiError`. */
export type OperationHandler = (input: OperationInput) => unknown;

/** Handlers by `operationId` of the OpenAPI document. */
export type OperationHandlers = Record<string, OperationHandler>;

/** What handlers work on. */
export interface SandboxContext {
  state: SandboxState;
  clock: VirtualClock;
}

/**
 * Parts of the state a group may be given as its slice: records and lists that are changed in
 * place and never replaced, so a slice sees every change made through the whole state, and the
 * seed and service account key, which never change; `ids`, the id scheme's counters (ids.ts).
 * Not sliceable: `credentials` (set lazily). Groups reach the callbacks from their slice
 * (callbacks.ts `emitCallback`, through `rootOf`).
 */
export type SliceKey =
  | 'seed'
  | 'ids'
  | 'serviceAccountKey'
  | 'contract'
  | 'profileGroups'
  | 'profiles'
  | 'channels'
  | 'broadcasts'
  | 'mediaContents'
  | 'live'
  | 'vod';

/** What a group's handlers work on when given only their slice `K` of the state. */
export interface SliceContext<K extends SliceKey> {
  state: Pick<SandboxState, K>;
  clock: VirtualClock;
}

/**
 * What the live rules that end broadcasts and make recording files work on
 * (broadcast-actions.ts, live-recordings.ts, live-channel-rules.ts): the channels, their
 * broadcasts, the live records and the id counters.
 */
export type LiveRulesSlice = 'channels' | 'broadcasts' | 'live' | 'ids';

/** What live/channel-admin works on: the live rules' slice, the contract and profile groups. */
export type ChannelAdminSlice = LiveRulesSlice | 'contract' | 'profileGroups';

const roots = new WeakMap<object, SandboxState>();

/** The slice `keys` of `context`'s state: the same records, not copies. */
export function sliceOf<K extends SliceKey>(
  context: SandboxContext,
  ...keys: K[]
): SliceContext<K> {
  const state = Object.fromEntries(keys.map((key) => [key, context.state[key]])) as Pick<
    SandboxState,
    K
  >;
  roots.set(state, context.state);
  return { state, clock: context.clock };
}

/**
 * The whole state `state` was sliced from (`state` itself when it is whole): what belongs to the
 * sandbox rather than to a part of its state, such as its callback engine (callbacks.ts), is
 * found from there.
 */
export function rootOf(state: object): object {
  return roots.get(state) ?? state;
}
