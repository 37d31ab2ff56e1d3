/** English: Settings → Keyboard shortcuts (`settings.shortcuts`, shared/shortcuts-model.ts). */
export const shortcutSettings = {
  shortcutSettings: {
    open: 'Keyboard shortcuts…',
    title: 'Keyboard shortcuts',
    intro:
      'Give a command the keys you want. Keys are physical: they work in Hangul input mode too, and never while typing in a field.',
    command: 'Command',
    category: 'Category',
    keys: 'Key',
    defaultKeys: 'Default',
    none: 'None',
    change: 'Change',
    changeLabel: 'Change the key of {command}',
    recording: 'Press the keys… Esc cancels',
    clear: 'Clear',
    clearLabel: 'Clear the key of {command}',
    reset: 'Reset',
    resetLabel: 'Put the default key back for {command}',
    resetAll: 'Reset all to defaults',
    saved: '{command}: {key}',
    cleared: '{command}: no key',
    sheetNote: 'Change them in Settings → Keyboard shortcuts…',
    notChanged: 'Not changed: {reason}',
    fixedNote:
      'Kept by the app: Ctrl+K (⌘K on macOS), ?, /, Shift+1…9, 1…9, Tab, and the menu’s keys.',
    fixed: {
      focus: 'move between controls',
      press: 'press the focused button',
      close: 'close a dialog or cancel',
      lists: 'move in lists',
      edit: 'undo, cut, copy, paste, select all',
      menu: 'a menu item of the desktop app',
      browser: 'a key the web browser keeps for itself (browser host)',
    },
    errors: {
      takenByCommand:
        '{key} is already the shortcut of “{command}”. Give that command another key first.',
      takenByApp: '{key} is the app’s own key ({what}); it cannot be given to a command.',
      notOffered: '{command} cannot have a keyboard shortcut.',
    },
  },
} as const;
