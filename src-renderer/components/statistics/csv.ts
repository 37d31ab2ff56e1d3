/**
 * CSV of what a chart shows (RFC 4180: comma separated, CRLF line ends, a field quoted when it
 * holds a comma, quote or line break, quotes doubled). Numbers are written plainly (no
 * grouping), days and times as ISO-8601 UTC, so a spreadsheet reads them as the platform sent.
 */

/** One CSV table: a header row and data rows. */
export interface CsvTable {
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/** The table as CSV text, CRLF line ends, ending with one. */
export function toCsv(table: CsvTable): string {
  return [table.header, ...table.rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A file name from a title: letters, digits and dashes, e.g. `viewers-2026-11-22`. */
export function fileStem(title: string): string {
  return (
    title
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'statistics'
  );
}

/** Saves `href` (a data: or blob: URL) as `name` through the browser's download. */
export function download(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves CSV text as `name`. */
export function downloadCsv(text: string, name: string): void {
  // A BOM so spreadsheet apps read the UTF-8 (Korean titles) right.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  download(url, name);
  // The click has started the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
