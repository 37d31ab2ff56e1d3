/**
 * The Channels view's commands: live channels, their states and settings, encoding profiles (issue "Live administration").
 */
import { defineCommands } from './define';

/** Commands of this domain (declared by the work; empty in the skeleton). */
export const channelCommands = defineCommands({});
