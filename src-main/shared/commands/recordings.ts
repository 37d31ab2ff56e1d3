/**
 * Broadcast history and recording files (issue "Live administration").
 */
import { defineCommands } from './define';

/** Commands of this domain (declared by the work; empty in the skeleton). */
export const recordingCommands = defineCommands({});
