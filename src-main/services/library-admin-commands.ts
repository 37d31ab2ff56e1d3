/** Handlers of `shared/commands/library-admin.ts`: VOD administration and reference data. */
import { libraryAdminCommands } from '../shared/commands/library-admin';
import { registerHandlers } from './command-registry';
import { countries, languages, timezones } from './reference-data';

/** VOD administration, registered. */
export const libraryAdminHandlers = registerHandlers(libraryAdminCommands, {
  'reference.countries': (_input, { session, priority }) => countries(session, priority),
  'reference.languages': ({ subtitles }, { session, priority }) =>
    languages(session, priority, subtitles ?? false),
  'reference.timezones': (_input, { session, priority }) => timezones(session, priority),
});
