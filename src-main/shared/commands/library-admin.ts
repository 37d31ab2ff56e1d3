/**
 * VOD channels, player skins, media profiles, tools and the platform's reference data
 * (issue "The VOD library"). Reference data is read once per session (main keeps it) at
 * `view` priority.
 */
import { z } from 'zod';
import type { Country, Language, Timezone } from '../library-model';
import { command, defineCommands, returns } from './define';
import { noInput } from './fields';

/** Commands of VOD administration. */
export const libraryAdminCommands = defineCommands({
  /** Supported countries (VOD GET /countries), read once per session. */
  'reference.countries': command({
    input: noInput,
    output: returns<Country[]>(),
    priority: 'view',
  }),
  /** Languages (VOD GET /languages); `subtitles: true` only those subtitles can use. */
  'reference.languages': command({
    input: z.object({ subtitles: z.boolean().optional() }),
    output: returns<Language[]>(),
    priority: 'view',
  }),
  /** Standard timezones (VOD GET /timezones), read once per session. */
  'reference.timezones': command({
    input: noInput,
    output: returns<Timezone[]>(),
    priority: 'view',
  }),
});
