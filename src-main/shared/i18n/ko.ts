/** The Korean catalogue: the same keys as `en` (checked by the compiler and by i18n.test.ts). */
import type { CatalogueShape } from './message';
import type { en } from './en';
import { app } from './ko/app';
import { controlRoom } from './ko/control-room';
import { schedule } from './ko/schedule';
import { uploads } from './ko/uploads';
import { errors } from './ko/errors';
import { channelsView } from './ko/channels';
import { channelAdmin } from './ko/channel-admin';
import { recordings } from './ko/recordings';
import { statistics } from './ko/statistics';
import { libraryView } from './ko/library';
import { content } from './ko/library-content';
import { libraryAdmin } from './ko/library-admin';
import { commandTexts } from './ko/commands';
import { pipeline } from './ko/pipeline';
import { desktop } from './ko/desktop';
import { rehearsalView } from './ko/rehearsal';
import { rehearsalCallbacks } from './ko/rehearsal-callbacks';
import { palette } from './ko/palette';
import { shortcutSettings } from './ko/shortcut-settings';
import { studio } from './ko/studio';
import { activity } from './ko/activity';
import { panelsView } from './ko/panels';
import { multiview } from './ko/multiview';
import { presence } from './ko/presence';
import { workstation } from './ko/workstation';
import { popOut } from './ko/pop-out';

export const ko: CatalogueShape<typeof en> = {
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
};
