/** 한국어: the Statistics view (live and VOD). */
import type { CatalogueShape } from '../message';
import type { statistics as en } from '../en/statistics';

export const statistics: CatalogueShape<typeof en> = {
  statistics: {
    title: '통계',
  },
};
