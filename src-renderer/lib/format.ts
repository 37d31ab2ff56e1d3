/**
 * Time, number and size formatting in the operator's language, all through `Intl`.
 * Inputs are ISO-8601 or epoch ms (UTC). Times shown in UTC keep a `UTC` label in every
 * language. Each function reads the current language, so a template re-renders on a change.
 */
import { locale } from '../i18n/i18n.svelte';
import { t } from '../i18n/i18n.svelte';
import type { Language } from '../../src-main/shared/i18n';

/** One formatter per language and kind, built on first use. */
function cached<F>(build: (language: Language) => F): () => F {
  const made = new Map<Language, F>();
  return () => {
    const language = locale.language;
    let formatter = made.get(language);
    if (!formatter) {
      formatter = build(language);
      made.set(language, formatter);
    }
    return formatter;
  };
}

const clockOptions: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
const utcTime = cached((l) => new Intl.DateTimeFormat(l, { ...clockOptions, timeZone: 'UTC' }));
const localTime = cached((l) => new Intl.DateTimeFormat(l, clockOptions));
// en-GB gives `20 Nov`, the order operators in Europe and Asia read; ko gives `11월 20일`.
const utcDate = cached(
  (l) =>
    new Intl.DateTimeFormat(l === 'en' ? 'en-GB' : l, {
      day: '2-digit',
      month: 'short',
      timeZone: 'UTC',
    }),
);
const relative = cached((l) => new Intl.RelativeTimeFormat(l, { style: 'short', numeric: 'auto' }));
const count = cached((l) => new Intl.NumberFormat(l));

/** `21:05:12 UTC`, or an em dash for null. */
export function formatUtc(iso: string | null): string {
  return iso ? `${utcTime().format(new Date(iso))} UTC` : '—';
}

/** `22:05:12` in the workstation's zone, or an em dash. */
export function formatLocal(iso: string | null): string {
  return iso ? localTime().format(new Date(iso)) : '—';
}

/** `20 Nov` / `11월 20일` (UTC day). */
export function formatUtcDay(iso: string | null): string {
  return iso ? utcDate().format(new Date(iso)) : '—';
}

/** The workstation's time zone name, e.g. `Europe/Berlin`. */
export const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A running duration as a clock, `1:02:03` (h:mm:ss) or `2:03` under an hour; the same in
 * every language (broadcast clocks read this way). Negative counts as zero.
 */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** `updated 3 sec. ago` / `3초 전 업데이트`; minutes from 90 s on. */
export function formatAgo(fetchedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - fetchedAt) / 1000));
  const ago =
    seconds < 90
      ? relative().format(-seconds, 'second')
      : relative().format(-Math.round(seconds / 60), 'minute');
  return t('format.updatedAgo', { ago });
}

/** `12,345`, or an em dash for null. */
export function formatCount(n: number | null): string {
  return n === null ? '—' : count().format(n);
}

/** An ISO time as the value of an `<input type="datetime-local">`, in UTC. */
export function toUtcInputValue(iso: string): string {
  return iso.slice(0, 19);
}

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const bytes = cached((l) =>
  byteUnits.map((unit, i) => [
    new Intl.NumberFormat(l, { style: 'unit', unit, maximumFractionDigits: i === 0 ? 0 : 2 }),
    new Intl.NumberFormat(l, { style: 'unit', unit, maximumFractionDigits: 1 }),
    new Intl.NumberFormat(l, { style: 'unit', unit, maximumFractionDigits: 0 }),
  ]),
);

/** Bytes for people, binary steps: `0 byte`, `812 kB`, `1.4 GB` (1 kB here = 1,024 bytes). */
export function formatBytes(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '—';
  let scaled = value;
  let unit = 0;
  while (scaled >= 1024 && unit < byteUnits.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  const precision = unit === 0 || scaled >= 100 ? 2 : scaled >= 10 ? 1 : 0;
  const formatter = bytes()[unit]?.[precision];
  return formatter ? formatter.format(scaled) : String(value);
}

/** A speed in bytes per second, e.g. `12.5 MB/s`; `—` when unknown. */
export function formatRate(bytesPerSecond: number | null): string {
  return bytesPerSecond === null
    ? '—'
    : t('format.perSecond', { size: formatBytes(bytesPerSecond) });
}

interface DurationParts {
  hours?: number;
  minutes?: number;
  seconds?: number;
}
/** `Intl.DurationFormat` where the engine has it (Chromium), else the parts as units. */
const duration = cached((l) => {
  const DurationFormat = (
    Intl as unknown as {
      DurationFormat?: new (
        locale: string,
        options: { style: 'narrow' | 'short' },
      ) => { format: (d: DurationParts) => string };
    }
  ).DurationFormat;
  if (DurationFormat) {
    const f = new DurationFormat(l, { style: 'short' });
    return (d: DurationParts) => f.format(d);
  }
  const unit = (u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(l, { style: 'unit', unit: u, unitDisplay: 'short' });
  const h = unit('hour');
  const m = unit('minute');
  const s = unit('second');
  return (d: DurationParts) =>
    [
      d.hours !== undefined ? h.format(d.hours) : null,
      d.minutes !== undefined ? m.format(d.minutes) : null,
      d.seconds !== undefined ? s.format(d.seconds) : null,
    ]
      .filter((part): part is string => part !== null)
      .join(' ');
});

/** A span of seconds in words, e.g. `42 sec`, `3 min, 5 sec`, `1 hr, 12 min` / `1시간 12분`. */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return duration()({ seconds: s });
  if (s < 3600) return duration()({ minutes: Math.floor(s / 60), seconds: s % 60 });
  return duration()({ hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) });
}

/** Time left in seconds, as {@link formatSpan}; `—` when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  return formatSpan(seconds);
}

const seconds2 = cached(
  (l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** Seconds with two decimals, e.g. `1.05`, for a catalogue string that names the unit. */
export function formatSeconds(value: number): string {
  return seconds2().format(value);
}
