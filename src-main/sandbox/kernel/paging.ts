/** Paging of lists, as the platform answers it (observed: `meta` of a live list). */

/** `meta` of a paged list; `last_page` is at least 1, even for an empty list. */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** One page of `items` (1-based `page`); a page past the last is empty, with the same meta. */
export function paginate<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: T[]; meta: PageMeta } {
  const start = (page - 1) * perPage;
  return {
    items: items.slice(start, start + perPage),
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(items.length / perPage)),
      per_page: perPage,
      total: items.length,
    },
  };
}
