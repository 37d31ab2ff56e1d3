/**
 * The Statistics view: live and VOD statistics (issues "Live administration", "The VOD library").
 */
import { defineCommands } from './define';

/** Commands of this domain (declared by the work; empty in the skeleton). */
export const statisticsCommands = defineCommands({});
