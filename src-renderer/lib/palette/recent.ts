/**
 * The palette's recent choices, most recent first, kept in this window's `localStorage`
 * (at most {@link recentLimit}); a storage that refuses or holds junk gives an empty list.
 */

const storageKey = 'onair-desk.palette.recent';
/** How many recent choices are kept. */
export const recentLimit = 20;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const defaultStore = (): Store | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The recent choices' ids, most recent first. Never throws. */
export function recentChoices(store: Store | null = defaultStore()): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string').slice(0, recentLimit)
      : [];
  } catch {
    return [];
  }
}

/** Puts `id` first in the recent choices; answers the new list. Never throws. */
export function rememberChoice(id: string, store: Store | null = defaultStore()): string[] {
  const next = [id, ...recentChoices(store).filter((kept) => kept !== id)].slice(0, recentLimit);
  try {
    store?.setItem(storageKey, JSON.stringify(next));
  } catch {
    // A full or refused storage only forgets the order.
  }
  return next;
}
