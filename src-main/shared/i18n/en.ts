/** The English catalogue: the source of every key (`ko` must have the same keys). */
import { app } from './en/app';
import { controlRoom } from './en/control-room';
import { schedule } from './en/schedule';
import { uploads } from './en/uploads';
import { errors } from './en/errors';

export const en = {
  ...app,
  ...controlRoom,
  ...schedule,
  ...uploads,
  ...errors,
} as const;
