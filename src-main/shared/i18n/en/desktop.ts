/**
 * English: what the desktop app shows outside the page (the application menu, its dialogs)
 * and what a second start says. Menu labels are sentence case, as the app's buttons are.
 */
export const desktop = {
  desktop: {
    menu: {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      window: 'Window',
      help: 'Help',
      undo: 'Undo',
      redo: 'Redo',
      cut: 'Cut',
      copy: 'Copy',
      paste: 'Paste',
      pasteAndMatchStyle: 'Paste and match style',
      delete: 'Delete',
      selectAll: 'Select all',
      reload: 'Reload',
      forceReload: 'Force reload',
      toggleDevTools: 'Toggle developer tools',
      resetZoom: 'Actual size',
      zoomIn: 'Zoom in',
      zoomOut: 'Zoom out',
      toggleFullScreen: 'Toggle full screen',
      minimize: 'Minimize',
      zoom: 'Zoom',
      close: 'Close window',
      front: 'Bring all to front',
      about: 'About OnAir Desk',
      version: 'Version {version}',
      openLogFolder: 'Open log folder',
      saveDiagnostics: 'Save diagnostics…',
      checkForUpdates: 'Check for updates…',
      services: 'Services',
      hide: 'Hide OnAir Desk',
      hideOthers: 'Hide others',
      unhide: 'Show all',
      quit: 'Quit OnAir Desk',
    },
    unresponsive: {
      title: 'OnAir Desk is not responding',
      message: 'The window has stopped answering.',
      detail:
        'Uploads, downloads and their queues keep running in the background. Wait for the window, or reload it: it comes back to the same view.',
      wait: 'Wait',
      reload: 'Reload',
    },
    quit: {
      title: 'Quit OnAir Desk?',
      message: 'Work is still under way.',
      uploads_one: '{count} upload',
      uploads_other: '{count} uploads',
      downloads_one: '{count} download',
      downloads_other: '{count} downloads',
      commands_one: '{count} command sent to the platform, not yet answered',
      commands_other: '{count} commands sent to the platform, not yet answered',
      detail:
        'Uploads and downloads resume the next time OnAir Desk starts. A command the platform has not answered may or may not have been carried out: check its broadcast after the next start.',
      quit: 'Quit',
      keepWorking: 'Keep working',
    },
    updates: {
      title: 'Updates',
      upToDate: 'OnAir Desk is up to date (version {version}).',
      waiting:
        'Version {version} is found. It downloads while nothing is under way, and installs when you quit or after 10 minutes without a manual recording on a watched broadcast, an upload, a download or a command under way.',
      off: 'Updates are off: no update server is set, or the update mode is Off.',
      failed: 'The update server did not answer. The log says why.',
    },
    externalLink: {
      title: 'Open a link outside OnAir Desk?',
      message:
        'This address was not made by OnAir Desk. Open it in your browser only if you trust it.',
      open: 'Open in browser',
      cancel: 'Cancel',
    },
    instance: {
      browser:
        'OnAir Desk is already running on this data folder at {address}: open the address that start printed.',
      starting: 'OnAir Desk is already starting on this data folder (process {pid}).',
      desktop: 'OnAir Desk is already running on this data folder: use the OnAir Desk window.',
    },
  },
} as const;
