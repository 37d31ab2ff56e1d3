/**
 * The paged media content lists (all content, a category's, a channel's): filter `keyword`
 * (title or original file name, case-insensitive) and `status`, newest first, settled to the
 * virtual now (vod-v3.yaml, MediaContentPageOk).
 */
import { paginate } from '../kernel/paging';
import { presentMediaContent } from '../kernel/present';
import type { MediaContentRecord } from '../state/state';
import type { Op } from '../kernel/typed-operation';
import { defaulted } from '../kernel/typed-operation';
import type { VodSlice } from './vod-state';
import { settleVod } from './vod-timelines';

/**
 * `{ status: 'ok', data, meta }` for the contents passing `include`, filtered by `query` (the
 * query of the three content lists, which share their parameters).
 */
export function contentPage(
  state: VodSlice,
  nowMs: number,
  query: Op<'vod', 'listMediaContents'>['query'],
  include: (content: MediaContentRecord) => boolean = () => true,
): Op<'vod', 'listMediaContents'>['reply'] {
  settleVod(state, nowMs);
  const keyword = query.keyword?.toLowerCase() ?? '';
  const { status } = query;
  const matching = state.mediaContents.filter(
    (content) =>
      include(content) &&
      (status === undefined || content.status === status) &&
      (keyword === '' || matches(content, keyword)),
  );
  const page = paginate(
    newestFirst(matching),
    defaulted(query.page, 'page'),
    defaulted(query.per_page, 'per_page'),
  );
  return { status: 'ok', data: page.items.map(presentMediaContent), meta: page.meta };
}

/** A content's title and original file name as they were, and lower-cased. */
interface Lowered {
  title: string;
  file: string;
  lowTitle: string;
  lowFile: string;
}
const lowered = new WeakMap<MediaContentRecord, Lowered>();

/**
 * Whether `keyword` (lower case) is in the content's title or original file name. Both are
 * lower-cased once per change and kept, so a search of 10,000 contents lower-cases nothing.
 */
function matches(content: MediaContentRecord, keyword: string): boolean {
  let kept = lowered.get(content);
  if (!kept || kept.title !== content.title || kept.file !== content.originalFileName) {
    kept = {
      title: content.title,
      file: content.originalFileName,
      lowTitle: content.title.toLowerCase(),
      lowFile: content.originalFileName.toLowerCase(),
    };
    lowered.set(content, kept);
  }
  return kept.lowTitle.includes(keyword) || kept.lowFile.includes(keyword);
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
