/** 한국어: broadcast history, recording files and the transfer list. */
import type { CatalogueShape } from '../message';
import type { recordings as en } from '../en/recordings';

export const recordings: CatalogueShape<typeof en> = {
  recordings: {
    title: '녹화 파일',
  },
};
