/**
 * The app's views (the renderer's navigation, lib/navigation.svelte.ts) and a jump to an object
 * in one (the command palette's). Shared so that a pop-out window, which draws only its own view,
 * can ask the main window for any of them (`window.showMainView`).
 */

/** The app's views, in the main window's top bar order (Rehearsal shows in the sandbox only). */
export const views = [
  'control-room',
  'multiview',
  'schedule',
  'channels',
  'recordings',
  'statistics',
  'library',
  'uploads',
  'accounts',
  'rehearsal',
  'activity',
] as const;
/** One of {@link views}. */
export type View = (typeof views)[number];

/** What the command palette finds in the query cache and jumps to. */
export const jumpKinds = [
  'channel',
  'broadcast',
  'program',
  'content',
  'category',
  'vodChannel',
] as const;
/** One of {@link jumpKinds}. */
export type JumpKind = (typeof jumpKinds)[number];

/** Where an object opens: a view, and the key its view selects where it can. */
export interface JumpTarget {
  view: View;
  kind: JumpKind;
  /** The object's platform key (a program: its numeric id, as text). */
  key: string;
  /** The channel a broadcast or program belongs to, when known. */
  channelKey?: string;
}
