/**
 * The sandbox's one id scheme (docs/dev/sandbox.md, "One id scheme"): the
 * integer ids and the keys drawn at run time of every record kind, from the counters kept in
 * `SandboxState.ids`. Live: channels, broadcasts, programs, syndications, file transfers,
 * recording files; callback deliveries; channel, broadcast, creator, program media and
 * waiting-screen keys; the VOD records whose module calls `nextId`/`newKey` (vod-state.ts and
 * the VOD groups say which). Not from here: the seed's two
 * chatting service contracts (fixed ids 1 and 2, part of the seeded contract), and download and
 * upload tokens (cryptographic, `randomBytes`).
 *
 * - Integer ids: one counter for every kind, so an id names one record of the sandbox whatever
 *   its kind. Ids start at 1 and only grow, seeds included; a deleted record's id is never
 *   issued again.
 * - Keys: a draw counter starting from a value fixed by the sandbox seed; each key is a pure
 *   function of the counter's value (mulberry32 of it), so a sandbox run again with the same
 *   seed and the same calls draws the same keys, and a state restored with `--state` goes on
 *   where it stopped instead of repeating keys.
 *
 * The counters are plain numbers, saved with the state by persistence.ts like any record.
 */
import type { IdCounters } from './model/state';
import { lowerKey, mixedKey, mulberry32 } from './prng';

export type { IdCounters } from './model/state';

/** Anything that holds the counters: the whole state, or a slice given `ids`. */
export interface IdHolder {
  ids: IdCounters;
}

/** Alphabets of drawn keys: `lower` lowercase alphanumerics (channel, broadcast, VOD channel and
 * category keys, creator codes), `mixed` mixed-case alphanumerics (media content keys, user keys). */
export type KeyAlphabet = 'lower' | 'mixed';

/** Fresh counters for a sandbox seeded with `seed` (integer): no id issued yet. */
export function newIdCounters(seed: number): IdCounters {
  return { lastId: 0, keyDraw: seed * 7919 };
}

/** A new integer id, unique in the sandbox across every kind of record of both APIs. */
export function nextId(holder: IdHolder): number {
  holder.ids.lastId += 1;
  return holder.ids.lastId;
}

/**
 * A new key of `length` characters of `alphabet` (default 16 lowercase alphanumerics, the
 * observed channel key). When `taken` is given, draws again until it answers false (the keys
 * already in use, checked by the caller's collection).
 */
export function newKey(
  holder: IdHolder,
  length = 16,
  alphabet: KeyAlphabet = 'lower',
  taken?: (key: string) => boolean,
): string {
  let key = drawKey(holder.ids, length, alphabet);
  while (taken?.(key) === true) key = drawKey(holder.ids, length, alphabet);
  return key;
}

function drawKey(ids: IdCounters, length: number, alphabet: KeyAlphabet): string {
  ids.keyDraw += 1;
  const random = mulberry32(ids.keyDraw * 2_654_435_761);
  return alphabet === 'lower' ? lowerKey(random, length) : mixedKey(random, length);
}
