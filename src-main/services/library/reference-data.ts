/**
 * The VOD platform's reference data (countries, languages, timezones: spec, "Country,
 * language, timezone: read-only lists"), read at most once per session: the first caller's
 * read is shared, a failed read is forgotten so the next caller tries again.
 */
import type { Country, Language, Timezone } from '../../shared/library-model';
import type { CallPriority } from '../core/platform-call';
import { vodCall } from '../core/platform-call';
import type { AccountContext } from '../core/account-context';

const cache = new WeakMap<AccountContext, Map<string, Promise<unknown>>>();

function once<T>(account: AccountContext, key: string, read: () => Promise<T>): Promise<T> {
  let entries = cache.get(account);
  if (!entries) cache.set(account, (entries = new Map<string, Promise<unknown>>()));
  const known = entries.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = read();
  entries.set(key, pending);
  pending.catch(() => entries.delete(key));
  return pending;
}

/** Supported countries. @throws PlatformError as the platform answered. */
export function countries(account: AccountContext, priority: CallPriority): Promise<Country[]> {
  return once(account, 'countries', async () => {
    const body = await vodCall(account, priority, (api, fetch) => api.GET('/countries', { fetch }));
    return body.data.map(({ code, name }) => ({ code, name }));
  });
}

/** Languages; `subtitles` only those subtitles can use. @throws PlatformError. */
export function languages(
  account: AccountContext,
  priority: CallPriority,
  subtitles = false,
): Promise<Language[]> {
  return once(account, `languages:${subtitles}`, async () => {
    const body = await vodCall(account, priority, (api, fetch) =>
      api.GET('/languages', {
        params: { query: subtitles ? { subtitle_supported: 1 } : {} },
        fetch,
      }),
    );
    return body.data.map((language) => ({
      code: language.code,
      name: language.name,
      subtitles: language.is_subtitle_supported,
    }));
  });
}

/** Standard timezones. @throws PlatformError. */
export function timezones(account: AccountContext, priority: CallPriority): Promise<Timezone[]> {
  return once(account, 'timezones', async () => {
    const body = await vodCall(account, priority, (api, fetch) => api.GET('/timezones', { fetch }));
    return body.data.map((zone) => ({ name: zone.name, utcOffset: zone.utc_offset }));
  });
}
