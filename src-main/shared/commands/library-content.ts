/**
 * A content's transcoding files, subtitles, AI jobs and content keys (issue "The VOD library").
 */
import { defineCommands } from './define';

/** Commands of this domain (declared by the work; empty in the skeleton). */
export const libraryContentCommands = defineCommands({});
