/** 한국어: a content's transcoding files, subtitles, AI and content keys. */
import type { CatalogueShape } from '../message';
import type { content as en } from '../en/library-content';

export const content: CatalogueShape<typeof en> = {
  content: {
    title: '콘텐츠',
    tabs: {
      overview: '개요',
      transcoding: '트랜스코딩',
      subtitles: '자막',
      ai: 'AI',
      keys: '콘텐츠 키',
    },
  },
};
