/**
 * The VOD reference lists and the content list (vod-v3.yaml), answering the VOD envelope
 * `{ status: 'ok', data }` (observed). The other VOD groups are vod/routes/vod-*.ts; every group is
 * one plugin (operation-groups.ts). Typed from the generated OpenAPI types.
 */
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { typedOperations } from '../../kernel/typed-operation';
import { contentPage } from '../vod-content-list';
import { ok } from '../vod-envelope';
import { countries, languages, timezones } from '../vod-reference';
import type { VodSlice } from '../vod-state';

/**
 * Handlers by operationId: countries, languages, timezones and the content list, given their
 * slice (the id counters, the VOD records and the media contents).
 */
export function vodOperations(context: SliceContext<keyof VodSlice>): OperationHandlers {
  return typedOperations<'vod'>({
    listCountries: () => ok([...countries]),

    listLanguages: ({ query }) =>
      ok(
        query.subtitle_supported === 1
          ? languages.filter((language) => language.is_subtitle_supported)
          : [...languages],
      ),

    listTimezones: () => ok([...timezones]),

    listMediaContents: ({ query }) => contentPage(context.state, context.clock.nowMs(), query),
  });
}
