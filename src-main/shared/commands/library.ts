/**
 * The Library: categories, contents and a content's basic settings (issue "The VOD library").
 * Reads for what is on screen run at `view`, the operator's changes at `command`, batches at
 * `bulk`.
 */
import { z } from 'zod';
import type {
  ContentOverview,
  ContentSummary,
  LibraryBatchPlan,
  LibraryCategory,
  LibraryCategoryDetail,
  VodChannelRef,
} from '../library-model';
import type { Fresh, Page } from '../model';
import { anyRole, command, defineCommands, returns } from './define';
import { key, pageNumber, pageSize, requiredText, searchKeyword } from './fields';

const categoryName = requiredText(
  100,
  'A category needs a name.',
  'Category names are at most 100 characters.',
);

const contentTitle = requiredText(
  200,
  'A content needs a title.',
  'Titles are at most 200 characters.',
);

const contentStatus = z.enum(['enabled', 'disabled']);

/** One batch operation (model `LibraryOperation`). */
const libraryOperation = z.discriminatedUnion('op', [
  z.object({ op: z.literal('enable'), uploadFileKey: key, title: z.string().max(200) }),
  z.object({ op: z.literal('disable'), uploadFileKey: key, title: z.string().max(200) }),
  z.object({
    op: z.literal('move'),
    uploadFileKey: key,
    title: z.string().max(200),
    categoryKey: key,
  }),
  z.object({ op: z.literal('delete'), uploadFileKey: key, title: z.string().max(200) }),
]);

const operations = z
  .array(libraryOperation)
  .min(1, 'Select at least one content.')
  .max(1000, 'A batch handles at most 1,000 contents.');

/**
 * A poster as the renderer read it: Base64 bytes, checked again in main (JPEG or PNG, at most
 * 10,000,000 bytes: vod-v3.yaml, uploadMediaContentPoster).
 */
const poster = z.object({
  fileName: z.string().trim().min(1, 'The poster needs a file name.').max(255),
  base64: z
    .string()
    .min(1, 'The poster file is empty.')
    .max(13_400_000, 'A poster is at most 10 MB.')
    .regex(/^[A-Za-z0-9+/]+=*$/, 'The poster could not be read.')
    // PNG and JPEG signatures as Base64 (89 50 4E 47 0D 0A 1A 0A; FF D8 FF).
    .refine((b64) => b64.startsWith('iVBORw0KGgo') || b64.startsWith('/9j/'), {
      message: 'A poster is a JPEG or PNG image.',
    }),
});

/** Commands of the Library. */
export const libraryCommands = defineCommands({
  /**
   * One page of the library's contents, newest first: all contents (GET /media-contents) or
   * a category's (GET /categories/{key}/media-contents), filtered by keyword and status.
   */
  'content.list': command({
    scope: 'platform',
    input: z.object({
      keyword: searchKeyword.optional(),
      categoryKey: key.optional(),
      status: contentStatus.optional(),
      page: pageNumber.optional(),
      perPage: pageSize.optional(),
    }),
    output: returns<Fresh<Page<ContentSummary>>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listMediaContents', 'vod.listCategoryMediaContents'],
    roles: anyRole,
  }),
  /** One content's overview (GET /media-contents/{upload_file_key}). */
  'content.get': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key }),
    output: returns<Fresh<ContentOverview>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getMediaContent'],
    roles: anyRole,
  }),
  /** Title, VR projection type and sound mode (PUT /media-contents/{key}); one at least. */
  'content.update': command({
    scope: 'platform',
    input: z.object({
      uploadFileKey: key,
      title: contentTitle.optional(),
      vrProjectionType: z
        .enum(['none', 'equirectangular_360', 'equirectangular_180', 'cubemap'])
        .optional(),
      soundMode: z.enum(['stereo', 'mono', 'surround_5_1']).optional(),
    }),
    output: returns<ContentOverview>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateMediaContent'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Enables or disables playback (spec, States: PUT .../enable, .../disable). */
  'content.setEnabled': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key, enabled: z.boolean() }),
    output: returns<ContentOverview>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.enableMediaContent', 'vod.disableMediaContent'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Moves a content to a category (PUT /media-contents/{key}/categories/{category_key}). */
  'content.move': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key, categoryKey: key }),
    output: returns<ContentOverview>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.moveMediaContentToCategory'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Deletes a content permanently (DELETE /media-contents/{key}). */
  'content.delete': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteMediaContent'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Links a content to a VOD channel (POST /channels/{channel_key}/media-contents/{key}/attach). */
  'content.attachChannel': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key, channelKey: key }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.attachChannelMediaContent'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Uploads the poster image (POST /media-contents/{key}/poster). */
  'content.uploadPoster': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key, poster }),
    output: returns<ContentOverview>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.uploadMediaContentPoster'],
    roles: anyRole,
  }),
  /** Every category, depth-first in tree order (GET /categories). */
  'category.list': command({
    scope: 'platform',
    input: z.object({}),
    output: returns<Fresh<LibraryCategory[]>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listCategories'],
    roles: anyRole,
  }),
  /** One category with its connected VOD channels (GET /categories/{category_key}). */
  'category.get': command({
    scope: 'platform',
    input: z.object({ categoryKey: key }),
    output: returns<Fresh<LibraryCategoryDetail>>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.getCategory'],
    roles: anyRole,
  }),
  /** Creates a category, or a subcategory of `parentKey` (POST /categories). */
  'category.create': command({
    scope: 'platform',
    input: z.object({ name: categoryName, parentKey: key.optional() }),
    output: returns<LibraryCategory>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.createCategory'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Renames a category (PUT /categories/{category_key}). */
  'category.rename': command({
    scope: 'platform',
    input: z.object({ categoryKey: key, name: categoryName }),
    output: returns<LibraryCategory>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.updateCategory'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Deletes a category; its contents stay, subcategory positions are readjusted (spec). */
  'category.delete': command({
    scope: 'platform',
    input: z.object({ categoryKey: key }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: ['vod.deleteCategory'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Connects or disconnects a VOD channel (POST .../attach, DELETE .../detach). */
  'category.setChannel': command({
    scope: 'platform',
    input: z.object({ categoryKey: key, channelKey: key, attached: z.boolean() }),
    output: returns<null>(),
    priority: 'command',
    category: 'library',
    effect: 'change',
    api: 'vod',
    operations: ['vod.attachCategoryChannel', 'vod.detachCategoryChannel'],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** The VOD account's channels, for pickers and drop targets (GET /channels, every page). */
  'library.channels': command({
    scope: 'platform',
    input: z.object({}),
    output: returns<VodChannelRef[]>(),
    priority: 'view',
    category: 'library',
    effect: 'read',
    api: 'vod',
    operations: ['vod.listChannels'],
    roles: anyRole,
  }),
  /** The budget cost of a batch before anything is sent: one call each, at the VOD pace. */
  'library.planBatch': command({
    scope: 'platform',
    input: z.object({ operations }),
    output: returns<LibraryBatchPlan>(),
    priority: 'local',
    category: 'library',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /**
   * Starts a batch at `bulk` priority and answers at once; follow it as every batch
   * (`batches.progress`, `batches.changed`).
   */
  'library.runBatch': command({
    scope: 'platform',
    input: z.object({ operations }),
    output: returns<{ batchId: string }>(),
    priority: 'bulk',
    category: 'library',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'vod',
    operations: [
      'vod.enableMediaContent',
      'vod.disableMediaContent',
      'vod.moveMediaContentToCategory',
      'vod.deleteMediaContent',
    ],
    roles: anyRole,
  }),
});
