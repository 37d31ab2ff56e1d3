/** English: the titles and one-line descriptions of the windows domain's commands (`shared/commands/windows.ts`). */
export const commandsWindows = {
  window: {
    popOutMultiview: {
      title: 'Pop out Multiview',
      description:
        'Opens the Multiview in a window of its own, where it was last put. It shares this window’s watches: no extra calls to the platform.',
    },
    popOutControlRoom: {
      title: 'Pop out control room',
      description:
        'Opens the control room in a window of its own, where it was last put. It shares this window’s watches.',
    },
    showMainView: {
      title: 'Open a view in the main window',
      description:
        'Opens the view at that place in the main window’s top bar (Shift+1 … Shift+9, Shift+0 in a pop-out) and, in the desktop app, brings the main window to the front.',
    },
  },
} as const;
