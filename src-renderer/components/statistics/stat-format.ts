/**
 * The Statistics view's labels through `Intl`: bucket times as `14:05` in UTC (the platform's
 * statistics zone, labelled) with the workstation's local time beside them, and UTC days.
 */
import { locale } from '../../i18n/i18n.svelte';
import { t } from '../../i18n/i18n.svelte';

const hm: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function utcClock(iso: string): string {
  return new Intl.DateTimeFormat(locale.language, { ...hm, timeZone: 'UTC' }).format(new Date(iso));
}

function localClock(iso: string, withDay: boolean): string {
  return new Intl.DateTimeFormat(locale.language, {
    ...hm,
    ...(withDay ? { month: 'short', day: 'numeric' } : {}),
  }).format(new Date(iso));
}

/** Axis label of a bucket: `14:05` (UTC), or `20 Nov 14:00` when buckets span days. */
export function bucketLabel(iso: string, spansDays: boolean): string {
  return spansDays ? `${dayLabel(iso.slice(0, 10))} ${utcClock(iso)}` : utcClock(iso);
}

/** The readout of a bucket: `14:05 UTC · local 23:05` (the local day too when it differs). */
export function bucketDetail(iso: string, spansDays: boolean): string {
  const utc = spansDays ? `${iso.slice(0, 10)} ${utcClock(iso)}` : utcClock(iso);
  const localDay = new Date(iso).toLocaleDateString('en-CA');
  const local = localClock(iso, spansDays || localDay !== iso.slice(0, 10));
  return `${utc} UTC · ${t('statistics.metrics.local')} ${local}`;
}

/** A UTC day `YYYY-MM-DD` as `20 Nov` / `11월 20일`. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat(locale.language === 'en' ? 'en-GB' : locale.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** Hours with one decimal for spans of seconds in tables, e.g. `12.5 h` / `12.5시간`. */
export function hours(seconds: number): string {
  return new Intl.NumberFormat(locale.language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(seconds / 3600);
}
