/** Words and clock faces of the schedule timeline. Inputs are epoch ms or ISO-8601 (UTC). */
import type { Program } from '../../../src-main/shared/model';

const hhmmUtc = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const hhmmLocal = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const dayUtc = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});

/** `09:00` in UTC. */
export function clockUtc(ms: number): string {
  return hhmmUtc.format(ms);
}

/** `10:00` in the workstation's zone. */
export function clockLocal(ms: number): string {
  return hhmmLocal.format(ms);
}

/** `Fri 20 Nov` (UTC day). */
export function dayLabel(ms: number): string {
  return dayUtc.format(ms);
}

/** Seconds as `h:mm:ss`, e.g. `0:25:00`. */
export function hms(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The accessible name of a program block: `Morning Jazz, 09:00 UTC`. */
export function programName(program: Pick<Program, 'title'>, startMs: number): string {
  return `${program.title}, ${clockUtc(startMs)} UTC`;
}

/** The ISO-8601 UTC form the bridge takes, without milliseconds: `2026-11-20T09:00:00Z`. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
