/** Handlers of `shared/commands/library.ts`: the Library's categories and contents. */
import type { components } from '../platform/generated/vod-v3';
import { libraryCommands } from '../shared/commands/library';
import type { ContentSummary } from '../shared/library-model';
import { registerHandlers } from './command-registry';
import { vodCall } from './platform-call';

type MediaContent = components['schemas']['MediaContent'];

/** The platform's media content as the Library lists it. */
export function toContentSummary(content: MediaContent): ContentSummary {
  return {
    uploadFileKey: content.upload_file_key,
    mediaContentKey: content.media_content_key,
    title: content.title,
    kind: content.kind,
    durationS: content.duration,
    status: content.status,
    transcodingStage: content.transcoding_stage_name,
    transcodingProgress: content.transcoding_progress,
    originalFileName: content.original_file_name,
    originalFileSize: content.original_file_size,
    createdAt: new Date(content.created_at * 1000).toISOString(),
  };
}

/** The Library, registered. */
export const libraryHandlers = registerHandlers(libraryCommands, {
  'content.list': async ({ keyword, page, perPage }, { session, priority }) => {
    const body = await vodCall(session, priority, (api, fetch) =>
      api.GET('/media-contents', {
        params: {
          query: {
            ...(keyword ? { keyword } : {}),
            ...(page ? { page } : {}),
            ...(perPage ? { per_page: perPage } : {}),
          },
        },
        fetch,
      }),
    );
    return {
      data: {
        items: body.data.map(toContentSummary),
        page: body.meta.current_page,
        lastPage: body.meta.last_page,
        perPage: body.meta.per_page,
        total: body.meta.total,
      },
      fetchedAt: session.clock.now(),
    };
  },
});
