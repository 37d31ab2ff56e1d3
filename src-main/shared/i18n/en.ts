/** The English catalogue: the source of every key (`ko` must have the same keys). */
import { app } from './en/app';
import { controlRoom } from './en/control-room';
import { schedule } from './en/schedule';
import { uploads } from './en/uploads';
import { errors } from './en/errors';
import { channelsView } from './en/channels';
import { channelAdmin } from './en/channel-admin';
import { recordings } from './en/recordings';
import { statistics } from './en/statistics';
import { libraryView } from './en/library';
import { content } from './en/library-content';
import { libraryAdmin } from './en/library-admin';
import { commandTexts } from './en/commands';
import { pipeline } from './en/pipeline';
import { desktop } from './en/desktop';
import { rehearsalView } from './en/rehearsal';
import { rehearsalCallbacks } from './en/rehearsal-callbacks';
import { palette } from './en/palette';
import { shortcutSettings } from './en/shortcut-settings';
import { studio } from './en/studio';
import { activity } from './en/activity';
import { panelsView } from './en/panels';
import { multiview } from './en/multiview';
import { presence } from './en/presence';
import { workstation } from './en/workstation';
import { popOut } from './en/pop-out';

export const en = {
  ...app,
  ...controlRoom,
  ...schedule,
  ...uploads,
  ...errors,
  ...channelsView,
  ...channelAdmin,
  ...recordings,
  ...statistics,
  ...libraryView,
  ...content,
  ...libraryAdmin,
  ...commandTexts,
  ...pipeline,
  ...desktop,
  ...rehearsalView,
  ...rehearsalCallbacks,
  ...palette,
  ...shortcutSettings,
  ...studio,
  ...activity,
  ...panelsView,
  ...multiview,
  ...presence,
  ...workstation,
  ...popOut,
} as const;
