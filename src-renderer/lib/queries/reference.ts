/**
 * The VOD platform's reference data for pickers (countries, languages, timezones): read once
 * and kept for the session (main keeps it too), never refetched on its own.
 */
import { call } from '../bridge';

/** Countries, for a country picker. */
export const countriesQuery = () => ({
  queryKey: ['reference', 'countries'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('reference.countries', {}, { signal }),
  staleTime: Infinity,
});

/** Languages; `subtitles` only those subtitles can use (the subtitle picker). */
export const languagesQuery = (subtitles = false) => ({
  queryKey: ['reference', 'languages', subtitles] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('reference.languages', { subtitles }, { signal }),
  staleTime: Infinity,
});

/** Timezones, for a timezone picker. */
export const timezonesQuery = () => ({
  queryKey: ['reference', 'timezones'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('reference.timezones', {}, { signal }),
  staleTime: Infinity,
});
