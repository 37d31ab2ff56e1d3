/**
 * VOD channels, player skins, media profiles, tools and reference data (issue "The VOD library").
 */
import { defineCommands } from './define';

/** Commands of this domain (declared by the work; empty in the skeleton). */
export const libraryAdminCommands = defineCommands({});
