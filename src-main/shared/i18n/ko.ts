/** The Korean catalogue: the same keys as `en` (checked by the compiler and by i18n.test.ts). */
import type { CatalogueShape } from './message';
import type { en } from './en';
import { app } from './ko/app';
import { controlRoom } from './ko/control-room';
import { schedule } from './ko/schedule';
import { uploads } from './ko/uploads';
import { errors } from './ko/errors';

export const ko: CatalogueShape<typeof en> = {
  ...app,
  ...controlRoom,
  ...schedule,
  ...uploads,
  ...errors,
};
