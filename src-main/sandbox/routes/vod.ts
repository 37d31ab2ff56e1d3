/**
 * Every VOD API v3 operation (vod-v3.yaml), answering the VOD envelope `{ status: 'ok', data }`
 * (observed), 204 for attach, detach and AI creation (spec, Errors). This file holds the
 * reference lists and the content list, and gathers the handler maps of routes/vod-*.ts.
 */
import type { OperationHandlers, SandboxContext } from '../operation';
import { optionalInt } from '../operation';
import { contentPage } from '../vod-content-list';
import { ok } from '../vod-envelope';
import { countries, languages, timezones } from '../vod-reference';
import { vodAiOperations } from './vod-ai';
import { vodCategoryOperations } from './vod-categories';
import { vodChannelOperations } from './vod-channels';
import { vodContentOperations } from './vod-contents';
import { vodMediaOperations } from './vod-media';
import { vodProfileOperations } from './vod-profiles';
import { vodStatisticsOperations } from './vod-statistics';
import { vodSubtitleOperations } from './vod-subtitles';
import { vodTranscodingOperations } from './vod-transcoding';

/** Handlers by operationId: all 85 VOD operations. */
export function vodOperations(context: SandboxContext): OperationHandlers {
  return {
    listCountries: () => ok(countries),

    listLanguages: ({ query }) =>
      ok(
        optionalInt(query, 'subtitle_supported') === 1
          ? languages.filter((language) => language.is_subtitle_supported)
          : languages,
      ),

    listTimezones: () => ok(timezones),

    listMediaContents: ({ query }) => contentPage(context.state, context.clock.nowMs(), query),

    ...vodCategoryOperations(context),
    ...vodChannelOperations(context),
    ...vodMediaOperations(context),
    ...vodContentOperations(context),
    ...vodTranscodingOperations(context),
    ...vodSubtitleOperations(context),
    ...vodProfileOperations(context),
    ...vodStatisticsOperations(context),
    ...vodAiOperations(context),
  };
}
