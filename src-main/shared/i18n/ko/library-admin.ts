/** 한국어: VOD channels, player skins, media profiles, tools. */
import type { CatalogueShape } from '../message';
import type { libraryAdmin as en } from '../en/library-admin';

export const libraryAdmin: CatalogueShape<typeof en> = {
  libraryAdmin: {
    title: 'VOD 관리',
  },
};
