/** Time and number formatting for the control room. Inputs are ISO-8601 or epoch ms (UTC). */

const utcTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const localTime = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const utcDate = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});

/** `21:05:12 UTC`, or an em dash for null. */
export function formatUtc(iso: string | null): string {
  return iso ? `${utcTime.format(new Date(iso))} UTC` : '—';
}

/** `22:05:12` in the workstation's zone, or an em dash. */
export function formatLocal(iso: string | null): string {
  return iso ? localTime.format(new Date(iso)) : '—';
}

/** `20 Nov` (UTC day). */
export function formatUtcDay(iso: string | null): string {
  return iso ? utcDate.format(new Date(iso)) : '—';
}

/** The workstation's time zone name, e.g. `Europe/Berlin`. */
export const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A duration as `1:02:03` (h:mm:ss) or `2:03` under an hour. Negative counts as zero. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** `updated 3 s ago`, `updated 2 min ago`; `just now` under a second. */
export function formatAgo(fetchedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - fetchedAt) / 1000));
  if (seconds < 1) return 'updated just now';
  if (seconds < 90) return `updated ${seconds} s ago`;
  return `updated ${Math.round(seconds / 60)} min ago`;
}

const count = new Intl.NumberFormat('en-US');

/** `12,345`. */
export function formatCount(n: number | null): string {
  return n === null ? '—' : count.format(n);
}

/** An ISO time as the value of an `<input type="datetime-local">`, in UTC. */
export function toUtcInputValue(iso: string): string {
  return iso.slice(0, 19);
}

/** Bytes for people, binary units: `0 B`, `812 KB`, `1.4 GB` (1 KB = 1,024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** A speed in bytes per second, e.g. `12.5 MB/s`; `—` when unknown. */
export function formatRate(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? '—' : `${formatBytes(bytesPerSecond)}/s`;
}

/** Time left in seconds, e.g. `42 s`, `3 min 05 s`, `1 h 12 min`; `—` when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}
