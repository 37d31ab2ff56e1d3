/**
 * The paged media content lists (all content, a category's, a channel's): filter `keyword`
 * (title or original file name, case-insensitive) and `status`, newest first, settled to the
 * virtual now (vod-v3.yaml, MediaContentPageOk).
 */
import type { JsonObject } from './openapi';
import { intInput, optionalString } from './operation';
import { paginate } from './paging';
import { presentMediaContent } from './present';
import type { MediaContentRecord, SandboxState } from './state';
import { settleVod } from './vod-timelines';

/** `{ status: 'ok', data, meta }` for the contents passing `include`, filtered by `query`. */
export function contentPage(
  state: SandboxState,
  nowMs: number,
  query: JsonObject,
  include: (content: MediaContentRecord) => boolean = () => true,
): object {
  settleVod(state, nowMs);
  const keyword = optionalString(query, 'keyword')?.toLowerCase() ?? '';
  const status = optionalString(query, 'status');
  const contents = state.mediaContents
    .filter(
      (content) =>
        include(content) &&
        (status === undefined || content.status === status) &&
        (content.title.toLowerCase().includes(keyword) ||
          content.originalFileName.toLowerCase().includes(keyword)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const page = paginate(contents, intInput(query, 'page'), intInput(query, 'per_page'));
  return { status: 'ok', data: page.items.map(presentMediaContent), meta: page.meta };
}
