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
  const matching = state.mediaContents.filter(
    (content) =>
      include(content) &&
      (status === undefined || content.status === status) &&
      (keyword === '' ||
        content.title.toLowerCase().includes(keyword) ||
        content.originalFileName.toLowerCase().includes(keyword)),
  );
  const page = paginate(
    newestFirst(matching),
    intInput(query, 'page'),
    intInput(query, 'per_page'),
  );
  return { status: 'ok', data: page.items.map(presentMediaContent), meta: page.meta };
}

/**
 * `contents` newest first. The library is kept oldest first (seeded so, uploads appended), so
 * one linear check and a reverse usually replace a sort of 10 000 dates per read; ties or any
 * other order fall back to the stable sort.
 */
function newestFirst(contents: MediaContentRecord[]): MediaContentRecord[] {
  for (let i = 1; i < contents.length; i += 1) {
    const earlier = contents[i - 1]?.createdAt.getTime() ?? 0;
    if ((contents[i]?.createdAt.getTime() ?? 0) <= earlier)
      return contents.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  return contents.reverse();
}
