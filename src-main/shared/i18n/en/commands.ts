/**
 * English: what an operator sees of each command (the palette, menus, shortcut sheet, tooltips):
 * `commands.<domain>.<command name>.title` and `.description` (`shared/commands/text-keys.ts`).
 */
import { commandsControlRoom } from './commands/control-room';
import { commandsSchedule } from './commands/schedule';
import { commandsUploads } from './commands/uploads';
import { commandsWorkspaces } from './commands/workspaces';
import { commandsSettings } from './commands/settings';
import { commandsChannels } from './commands/channels';
import { commandsChannelAdmin } from './commands/channel-admin';
import { commandsRecordings } from './commands/recordings';
import { commandsDownloads } from './commands/downloads';
import { commandsStatistics } from './commands/statistics';
import { commandsLibrary } from './commands/library';
import { commandsLibraryContent } from './commands/library-content';
import { commandsLibraryAdmin } from './commands/library-admin';
import { commandsPersist } from './commands/persist';
import { commandsDiagnostics } from './commands/diagnostics';
import { commandsActivity } from './commands/activity';
import { commandsRehearsal } from './commands/rehearsal';
import { commandsBatches } from './commands/batches';
import { commandsStudio } from './commands/studio';
import { commandsPanels } from './commands/panels';
import { commandsWorkstation } from './commands/workstation';
import { commandsWindows } from './commands/windows';

export const commandTexts = {
  commands: {
    controlRoom: commandsControlRoom,
    schedule: commandsSchedule,
    uploads: commandsUploads,
    workspaces: commandsWorkspaces,
    settings: commandsSettings,
    channels: commandsChannels,
    channelAdmin: commandsChannelAdmin,
    recordings: commandsRecordings,
    downloads: commandsDownloads,
    statistics: commandsStatistics,
    library: commandsLibrary,
    libraryContent: commandsLibraryContent,
    libraryAdmin: commandsLibraryAdmin,
    persist: commandsPersist,
    diagnostics: commandsDiagnostics,
    activity: commandsActivity,
    rehearsal: commandsRehearsal,
    batches: commandsBatches,
    studio: commandsStudio,
    panels: commandsPanels,
    workstation: commandsWorkstation,
    windows: commandsWindows,
  },
} as const;
