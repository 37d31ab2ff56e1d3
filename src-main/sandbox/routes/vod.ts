/**
 * VOD operations (vod-v3.yaml: listCountries, listLanguages, listTimezones, listMediaContents),
 * answering the VOD envelope `{ status: 'ok', data }` (observed).
 */
import type { OperationHandlers, SandboxContext } from '../operation';
import { intInput, optionalInt, optionalString } from '../operation';
import { paginate } from '../paging';
import { presentMediaContent } from '../present';
import { countries, languages, timezones } from '../vod-reference';

/** Handlers by operationId. */
export function vodOperations({ state }: SandboxContext): OperationHandlers {
  return {
    listCountries: () => ({ status: 'ok', data: countries }),

    listLanguages: ({ query }) => ({
      status: 'ok',
      data:
        optionalInt(query, 'subtitle_supported') === 1
          ? languages.filter((language) => language.is_subtitle_supported)
          : languages,
    }),

    listTimezones: () => ({ status: 'ok', data: timezones }),

    listMediaContents: ({ query }) => {
      const keyword = optionalString(query, 'keyword')?.toLowerCase() ?? '';
      const contents = state.mediaContents
        .filter(
          (content) =>
            content.title.toLowerCase().includes(keyword) ||
            content.originalFileName.toLowerCase().includes(keyword),
        )
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const page = paginate(contents, intInput(query, 'page'), intInput(query, 'per_page'));
      return { status: 'ok', data: page.items.map(presentMediaContent), meta: page.meta };
    },
  };
}
