/**
 * The Library: categories, contents and a content's basic settings (issue "The VOD library").
 * Reads for what is on screen run at `view`, the operator's changes at `command`.
 */
import { z } from 'zod';
import type { ContentSummary } from '../library-model';
import type { Fresh, Page } from '../model';
import { command, defineCommands, returns } from './define';

/** Commands of the Library. */
export const libraryCommands = defineCommands({
  /** One page of the library's contents, newest first (VOD GET /media-contents). */
  'content.list': command({
    input: z.object({
      keyword: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
      page: z.number().int().min(1).optional(),
      perPage: z.number().int().min(1).max(100).optional(),
    }),
    output: returns<Fresh<Page<ContentSummary>>>(),
    priority: 'view',
  }),
});
