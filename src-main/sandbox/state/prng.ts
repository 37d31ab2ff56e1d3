/**
 * Deterministic randomness for seed data and for the audience, which is a pure function of
 * (seed, broadcast key, virtual time): no timers, the same answer for the same inputs.
 */

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/** mulberry32: a tiny 32-bit PRNG, good enough for demo data (not for secrets). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [0, 1) fixed by `parts` (FNV-1a over their text, then one mulberry32 step). */
export function hashUnit(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return mulberry32(hash)();
}

/** An integer in [min, max], inclusive. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('pick() needs a non-empty list.');
  return item;
}

const lowerAlphanumerics = 'abcdefghijklmnopqrstuvwxyz0123456789';
const mixedAlphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A key of `length` lowercase alphanumerics, like a channel key (observed: 16 of them). */
export function lowerKey(random: Random, length = 16): string {
  return randomText(random, lowerAlphanumerics, length);
}

/** A key of `length` mixed-case alphanumerics, like a VOD media content key (observed: 8). */
export function mixedKey(random: Random, length = 8): string {
  return randomText(random, mixedAlphanumerics, length);
}

function randomText(random: Random, alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1)
    text += alphabet.charAt(Math.floor(random() * alphabet.length));
  return text;
}
