/** 한국어: the Library: categories, contents and a content's settings. */
import type { CatalogueShape } from '../message';
import type { libraryView as en } from '../en/library';

export const libraryView: CatalogueShape<typeof en> = {
  libraryView: {
    title: '라이브러리',
    sections: {
      contents: '콘텐츠',
      channels: '채널',
      profiles: '인코딩 프로파일',
      tools: '도구',
    },
  },
};
