/**
 * The app's settings in `settings.json` of the data folder (written atomically, validated on
 * read; a damaged file is set aside with a notice and the defaults apply): the workspace
 * that was open last, the interface language, the operator's name, which OS notifications
 * are on, the keyboard shortcuts the operator changed, the theme and text size, and the
 * sound cues' switches and volumes.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { languages, type LanguageChoice } from '../../shared/i18n/languages';
import type { MessageRef } from '../../shared/i18n/message';
import { JsonStateFile } from '../core/local-state';
import {
  defaultUpdateSettings,
  isUpdateServerUrl,
  updateModes,
  type UpdateSettings,
} from '../../shared/updates-model';
import type { ShortcutOverrides } from '../../shared/shortcuts-model';
import {
  defaultAppearance,
  isTextSize,
  textSizes,
  themeChoices,
  type Appearance,
} from '../../shared/appearance-model';
import { allNoticesOn, osNoticeKinds, type OsNoticeSwitches } from '../../shared/notifications';
import {
  defaultSoundCues,
  soundCueKinds,
  type SoundCueKind,
  type SoundCueSetting,
  type SoundCueSettings,
} from '../../shared/sound-cues';

const settingsSchema = z.object({
  version: z.literal(1),
  activeWorkspace: z.string().min(1).max(64),
  /** The interface language; null or absent: follow the OS locale. */
  language: z.enum(languages).nullable().optional(),
  /** The operator's name for the audit log; null or absent: the OS user's name. */
  operatorName: z.string().trim().min(1).max(80).nullable().optional(),
  /** "Deliver callbacks outside this machine" for the sandbox workspace; absent: off. */
  sandboxDeliverOutside: z.boolean().optional(),
  /**
   * The desktop app's updates (hosts/update-policy.ts); absent: off until configured. The URL is
   * read as any text so that a file written when plain http was taken on loopback still opens;
   * the `updates` getter drops a URL that is not https (updates are then off).
   */
  updates: z.object({ mode: z.enum(updateModes), url: z.string().max(2000).nullable() }).optional(),
  /** OS notification kinds the operator turned off or on; absent: on. */
  notifications: z.partialRecord(z.enum(osNoticeKinds), z.boolean()).optional(),
  /**
   * Keyboard shortcuts the operator changed, by command name: a shortcut, or null for none;
   * absent: the declared default (shared/shortcuts-model.ts reads them).
   */
  shortcuts: z.record(z.string().max(100), z.string().max(60).nullable()).optional(),
  /** The theme choice and text size (%); absent: follow the OS theme, text at 100 %. */
  appearance: z
    .object({
      theme: z.enum(themeChoices),
      textSize: z.number().refine((size) => (textSizes as readonly number[]).includes(size)),
    })
    .optional(),
  /** Sound cue kinds the operator set: on or off and volume in %; absent: off, at 70 %. */
  sounds: z
    .partialRecord(
      z.enum(soundCueKinds),
      z.object({ on: z.boolean(), volume: z.number().int().min(0).max(100) }),
    )
    .optional(),
  /** The Multiview's pinned tiles per workspace id: channel keys, at most 2; absent: none. */
  multiviewPins: z.record(z.string().max(64), z.array(z.string().max(64)).max(2)).optional(),
});

/** The settings as read at start-up. */
export interface Settings {
  /** The workspace open when the app last ran (`sandbox` by default). */
  readonly activeWorkspace: string;
  /**
   * Remembers the open workspace for the next start.
   * @throws Error from the file system when it cannot be written.
   */
  rememberActiveWorkspace(id: string): Promise<void>;
  /** The interface language the operator chose; null: follow the OS locale. */
  readonly language: LanguageChoice;
  /**
   * Keeps the interface language for this and later runs.
   * @throws Error from the file system when it cannot be written.
   */
  setLanguage(language: LanguageChoice): Promise<void>;
  /** The operator's name for audit records; null: the OS user's name. */
  readonly operatorName: string | null;
  /**
   * Keeps the operator's name (null: the OS user's name again).
   * @throws Error from the file system when it cannot be written.
   */
  setOperatorName(name: string | null): Promise<void>;
  /**
   * Whether the sandbox may deliver callbacks outside this machine (default false: loopback
   * only; docs/platform-facts.md, "Callbacks").
   */
  readonly sandboxDeliverOutside: boolean;
  /**
   * Keeps "deliver callbacks outside this machine" for this and later runs.
   * @throws Error from the file system when it cannot be written.
   */
  setSandboxDeliverOutside(on: boolean): Promise<void>;
  /** The operator's update mode and server (the policy file may lock them over these). */
  readonly updates: UpdateSettings;
  /**
   * Keeps the update mode and server.
   * @throws Error from the file system when it cannot be written.
   */
  setUpdates(updates: UpdateSettings): Promise<void>;
  /** Which kinds of OS notification are on (every kind unless turned off). */
  readonly notifications: OsNoticeSwitches;
  /**
   * Turns kinds of OS notification on or off (the others keep their setting).
   * @throws Error from the file system when it cannot be written.
   */
  setNotifications(changes: Partial<OsNoticeSwitches>): Promise<void>;
  /**
   * The keyboard shortcuts the operator changed (command name → shortcut, null: none); the
   * others keep their declared default (shared/shortcuts-model.ts).
   */
  readonly shortcuts: ShortcutOverrides;
  /**
   * Replaces the changed shortcuts (checked for conflicts by the caller,
   * `settings.shortcuts`).
   * @throws Error from the file system when it cannot be written.
   */
  setShortcuts(overrides: ShortcutOverrides): Promise<void>;
  /** The theme choice and text size (`defaultAppearance` until the operator chooses). */
  readonly appearance: Appearance;
  /**
   * Keeps the theme choice and text size.
   * @throws Error from the file system when it cannot be written.
   */
  setAppearance(appearance: Appearance): Promise<void>;
  /** Every sound cue kind's switch and volume (`defaultSoundCues` for kinds never set). */
  readonly sounds: SoundCueSettings;
  /**
   * Changes the kinds given (the others keep their setting).
   * @throws Error from the file system when it cannot be written.
   */
  setSounds(changes: Partial<Record<SoundCueKind, SoundCueSetting>>): Promise<void>;
  /** The Multiview's pinned tiles of workspace `workspaceId` (channel keys, at most 2). */
  multiviewPins(workspaceId: string): string[];
  /**
   * Keeps the Multiview's pinned tiles of workspace `workspaceId`.
   * @throws Error from the file system when it cannot be written.
   */
  setMultiviewPins(workspaceId: string, pins: string[]): Promise<void>;
}

/** Reads the settings of `dataDir`; `notice` tells of a damaged file that was set aside. */
export async function openSettings(
  dataDir: string,
): Promise<{ settings: Settings; notice?: { message: string; text?: MessageRef } }> {
  const file = new JsonStateFile(
    join(dataDir, 'settings.json'),
    settingsSchema,
    (): z.infer<typeof settingsSchema> => ({
      version: 1,
      activeWorkspace: 'sandbox',
      language: null,
    }),
    'settings',
  );
  const read = await file.read();
  let value = read.value;
  const save = async (next: typeof value) => {
    await file.write(next);
    value = next;
  };
  const settings: Settings = {
    get activeWorkspace() {
      return value.activeWorkspace;
    },
    rememberActiveWorkspace: (id) => save({ ...value, activeWorkspace: id }),
    get language() {
      return value.language ?? null;
    },
    setLanguage: (language) => save({ ...value, language }),
    get operatorName() {
      return value.operatorName ?? null;
    },
    setOperatorName: (operatorName) => save({ ...value, operatorName }),
    get sandboxDeliverOutside() {
      return value.sandboxDeliverOutside ?? false;
    },
    setSandboxDeliverOutside: (on) => save({ ...value, sandboxDeliverOutside: on }),
    get updates() {
      const updates = value.updates ?? defaultUpdateSettings;
      return updates.url === null || isUpdateServerUrl(updates.url)
        ? updates
        : { ...updates, url: null };
    },
    setUpdates: (updates) => save({ ...value, updates }),
    get notifications() {
      return { ...allNoticesOn, ...value.notifications };
    },
    setNotifications: (changes) =>
      save({ ...value, notifications: { ...value.notifications, ...changes } }),
    get shortcuts() {
      return { ...value.shortcuts };
    },
    setShortcuts: (overrides) => save({ ...value, shortcuts: { ...overrides } }),
    get appearance() {
      const kept = value.appearance;
      if (!kept || !isTextSize(kept.textSize)) return { ...defaultAppearance };
      return { theme: kept.theme, textSize: kept.textSize };
    },
    setAppearance: (appearance) => save({ ...value, appearance: { ...appearance } }),
    get sounds() {
      return { ...defaultSoundCues, ...value.sounds };
    },
    setSounds: (changes) => save({ ...value, sounds: { ...value.sounds, ...changes } }),
    multiviewPins: (workspaceId) => [...(value.multiviewPins?.[workspaceId] ?? [])],
    setMultiviewPins: (workspaceId, pins) =>
      save({
        ...value,
        multiviewPins: { ...value.multiviewPins, [workspaceId]: pins.slice(0, 2) },
      }),
  };
  const notice = read.notice ? { message: read.notice, text: read.noticeText } : null;
  return { settings, ...(notice ? { notice } : {}) };
}
