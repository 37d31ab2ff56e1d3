/**
 * VOD categories (vod-v3.yaml, tag Categories): a tree through `parent_category_key`, at most
 * 5 levels (public service guide); channel attach/detach; the content of a category.
 *
 * Delete (spec: "content files in it remain; subcategory positions are readjusted"): our
 * design moves the content to the parent category (none for a top-level one) and moves the
 * subcategories up under the parent, after its other children; positions are renumbered.
 * Typed from the generated OpenAPI types.
 */
import { newKey } from '../../state/ids';
import { ApiError, unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { typedOperations } from '../../kernel/typed-operation';
import { contentPage } from '../vod-content-list';
import { noContent, ok, okNull } from '../vod-envelope';
import { categoryLevel, presentCategory, presentCategoryDetail } from '../vod-present';
import type { VodCategoryRecord, VodChannelRecord, VodSlice, VodState } from '../vod-state';
import { findCategory, findVodChannel } from '../vod-state';

/**
 * Deepest level of the tree: 5 (followed from the public service guide:
 * https://docs.kollus.com/en/service-guide/vod/content/category/; the spec is silent).
 */
export const maxCategoryLevel = 5;

/** Handlers by operationId, given their slice: the VOD records and the media contents. */
export function vodCategoryOperations({
  state,
  clock,
}: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  return typedOperations<'vod'>({
    listCategories: ({ query }) => {
      const parentKey = query.parent_category_key;
      if (parentKey !== undefined) findCategory(vod, parentKey);
      const list = parentKey === undefined ? treeOrder(vod, null) : childrenOf(vod, parentKey);
      return ok(list.map((category) => presentCategory(state, category)));
    },

    createCategory: ({ body }) => {
      const parentKey = body.parent_category_key ?? null;
      if (parentKey !== null) {
        const parent = vod.categories.find((item) => item.key === parentKey);
        if (parent === undefined)
          throw unprocessable(
            'The selected parent category does not exist.',
            'parent_category_key',
          );
        if (categoryLevel(vod, parent) >= maxCategoryLevel)
          throw unprocessable(
            `Categories can be nested at most ${maxCategoryLevel} levels deep: "${parent.name}" cannot have subcategories.`,
            'parent_category_key',
          );
      }
      const now = clock.now();
      const category: VodCategoryRecord = {
        key: newKey(state),
        name: body.name,
        parentKey,
        position: childrenOf(vod, parentKey).length + 1,
        channelKeys: [],
        createdAt: now,
        updatedAt: now,
      };
      vod.categories.push(category);
      return ok(presentCategory(state, category));
    },

    getCategory: ({ params }) =>
      ok(presentCategoryDetail(state, findCategory(vod, params.category_key))),

    updateCategory: ({ params, body }) => {
      const category = findCategory(vod, params.category_key);
      category.name = body.name;
      category.updatedAt = clock.now();
      return ok(presentCategory(state, category));
    },

    deleteCategory: ({ params }) => {
      const category = findCategory(vod, params.category_key);
      for (const content of state.mediaContents) {
        if (content.categoryKey === category.key) content.categoryKey = category.parentKey;
      }
      const orphans = childrenOf(vod, category.key);
      vod.categories = vod.categories.filter((item) => item.key !== category.key);
      for (const profile of vod.profiles)
        profile.categoryKeys = profile.categoryKeys.filter((key) => key !== category.key);
      const siblings = childrenOf(vod, category.parentKey);
      for (const orphan of orphans) {
        orphan.parentKey = category.parentKey;
        siblings.push(orphan);
      }
      siblings.forEach((item, index) => (item.position = index + 1));
      return okNull;
    },

    attachCategoryChannel: ({ params }) => {
      const { category, channel } = pair(vod, params);
      if (category.channelKeys.includes(channel.key))
        throw unprocessable(`The channel "${channel.name}" is already connected to this category.`);
      category.channelKeys.push(channel.key);
      return noContent;
    },

    detachCategoryChannel: ({ params }) => {
      const { category, channel } = pair(vod, params);
      if (!category.channelKeys.includes(channel.key))
        throw new ApiError(422, `The channel "${channel.name}" is not connected to this category.`);
      category.channelKeys = category.channelKeys.filter((key) => key !== channel.key);
      return noContent;
    },

    listCategoryMediaContents: ({ params, query }) => {
      const category = findCategory(vod, params.category_key);
      return contentPage(
        state,
        clock.nowMs(),
        query,
        (content) => content.categoryKey === category.key,
      );
    },
  });
}

function pair(
  vod: VodState,
  params: { category_key: string; channel_key: string },
): { category: VodCategoryRecord; channel: VodChannelRecord } {
  return {
    category: findCategory(vod, params.category_key),
    channel: findVodChannel(vod, params.channel_key),
  };
}

/** Direct subcategories of `parentKey` (null: top level), by position. */
function childrenOf(vod: VodState, parentKey: string | null): VodCategoryRecord[] {
  return vod.categories
    .filter((item) => item.parentKey === parentKey)
    .sort((a, b) => a.position - b.position);
}

/** Depth-first: each category, then its subcategories. */
function treeOrder(vod: VodState, parentKey: string | null): VodCategoryRecord[] {
  return childrenOf(vod, parentKey).flatMap((category) => [
    category,
    ...treeOrder(vod, category.key),
  ]);
}
