/**
 * The Library's queries: keys and options for the category tree, the VOD channels, the
 * contents list (an infinite query, a page of the spec's maximum 100 at a time, fetched at
 * `view` as the operator scrolls) and a content's overview.
 */
import { keepPreviousData } from '@tanstack/svelte-query';
import { call } from '../bridge';

/** The spec's largest page of media content (vod-v3.yaml `PerPage`). */
export const contentPageSize = 100;

/** What the contents list is filtered by; the platform filters, never the view. */
export interface ContentFilters {
  keyword: string;
  /** Null: every content of the library. */
  categoryKey: string | null;
  status: 'enabled' | 'disabled' | null;
}

/** Query keys of the Library (kept here, not in keys.ts: the Library's own). */
export const libraryKeys = {
  all: ['library'] as const,
  categories: () => ['library', 'categories'] as const,
  category: (categoryKey: string) => ['library', 'category', categoryKey] as const,
  channels: () => ['library', 'channels'] as const,
  contents: () => ['library', 'contents'] as const,
  contentList: (filters: ContentFilters) => ['library', 'contents', 'list', filters] as const,
  content: (uploadFileKey: string) => ['library', 'contents', 'one', uploadFileKey] as const,
};

/**
 * Every category in tree order (a parent before its subcategories; `level` 1 = top): the one
 * read of the VOD categories, shared by the Library tree, the media profiles' category picker
 * and the upload dialog's category choice (`category.list`, one `GET /categories`).
 */
export const categoriesQuery = () => ({
  queryKey: libraryKeys.categories(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('category.list', {}, { signal }),
  placeholderData: keepPreviousData,
});

/** One category with its connected VOD channels. */
export const categoryQuery = (categoryKey: string) => ({
  queryKey: libraryKeys.category(categoryKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('category.get', { categoryKey }, { signal }),
});

/** The VOD account's channels (pickers and drop targets). */
export const channelsQuery = () => ({
  queryKey: libraryKeys.channels(),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('library.channels', {}, { signal }),
  staleTime: 60_000,
});

/** A page of contents for the infinite list. */
export function contentPage(filters: ContentFilters, page: number, signal?: AbortSignal) {
  return call(
    'content.list',
    {
      page,
      perPage: contentPageSize,
      ...(filters.keyword ? { keyword: filters.keyword } : {}),
      ...(filters.categoryKey ? { categoryKey: filters.categoryKey } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    },
    signal ? { signal } : {},
  );
}

/**
 * The contents list as an infinite query: page 1 first, the next page while there is one.
 * Shared by the list and by the Library's opening prefetch (so the list is its first call).
 */
export const contentListQuery = (filters: ContentFilters) => ({
  queryKey: libraryKeys.contentList(filters),
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
    contentPage(filters, pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: (last: Awaited<ReturnType<typeof contentPage>>) =>
    last.data.page < last.data.lastPage ? last.data.page + 1 : undefined,
});

/** One content's overview. */
export const contentQuery = (uploadFileKey: string) => ({
  queryKey: libraryKeys.content(uploadFileKey),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('content.get', { uploadFileKey }, { signal }),
});
