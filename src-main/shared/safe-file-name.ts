/**
 * One file name the desk writes under, from a name someone else chose (the platform's file
 * name of a download, the name of a file dropped on the browser page, the name of a file a seat
 * sends its hub): one contract for every place that writes such a file (services/downloads/,
 * hosts/browser-host.ts, services/studio/seat-files.ts), so that the name is
 * safe as one entry of a folder on Linux, macOS and Windows (docs/security.md, "Downloads").
 */

/** Windows device names: a file named so, with any extension, opens the device (Win32 naming). */
const windowsDevice = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;
/** Characters no Windows file name may hold, and the path separators. */
// eslint-disable-next-line no-control-regex -- control characters are what is replaced
const forbidden = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
/** The longest name kept, in UTF-16 code units (every file system takes 255). */
export const maxFileNameLength = 200;

/**
 * `raw` made safe as one file name, or null when nothing usable is left:
 * - only its last path segment (after the last `/` or `\`);
 * - control characters (C0, DEL) and `< > : " | ? *` each become `_`;
 * - spaces at either end and dots at the end are removed (Windows drops them, so `a.exe.` and
 *   `a.exe ` would be `a.exe`);
 * - a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9), with or without an extension
 *   (`nul.txt`), gets a leading `_`;
 * - at most {@link maxFileNameLength} characters, the extension kept when it is short;
 * - `''`, `.` and `..` give null.
 */
export function safeFileName(raw: string): string | null {
  const last = raw.split(/[\\/]/).pop() ?? '';
  let name = last
    .replace(forbidden, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (name === '' || name === '.' || name === '..') return null;
  const stem = name.split('.')[0]?.trim() ?? '';
  if (windowsDevice.test(stem)) name = `_${name}`;
  if (name.length > maxFileNameLength) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = `${name.slice(0, maxFileNameLength - extension.length).replace(/[. ]+$/, '')}${extension}`;
  }
  return name;
}
