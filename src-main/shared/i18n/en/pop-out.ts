/**
 * English: pop-out windows (shared/pop-out-model.ts): the buttons that open them, a pop-out's
 * window title, and what the desktop app asks before the main window closes with pop-outs open.
 */
export const popOut = {
  popOut: {
    /**
     * The visible text of a pop-out button; its accessible name says what pops out, without
     * the view's own name (the top bar's button carries that name, and one name, one button).
     */
    button: 'Pop out',
    multiview: 'Pop out into a window of its own',
    controlRoom: 'Pop out this channel into a window of its own',
    hint: 'Opens it in a window of its own, on the screen where you last put it.',
    failed: 'The pop-out did not open: {reason}',
    windowTitle: '{view} · OnAir Desk',
    close: {
      title: 'Close OnAir Desk?',
      message_one: '{count} pop-out window is open.',
      message_other: '{count} pop-out windows are open.',
      detail:
        'Closing the main window closes the pop-outs too and quits OnAir Desk. Each opens where you left it the next time you pop it out.',
      keepOpen: 'Keep open',
      closeAll: 'Close all',
      /** A line of the quit question when work is under way too. */
      line_one: '{count} pop-out window, which closes too',
      line_other: '{count} pop-out windows, which close too',
    },
  },
} as const;
