/** Words and clock faces of the schedule timeline. Inputs are epoch ms or ISO-8601 (UTC). */
import type { Program } from '../../../src-main/shared/model';
import type { Language } from '../../../src-main/shared/i18n/languages';
import { locale, t } from '../../i18n/i18n.svelte';

// Clock faces read the same in every language; day names follow the operator's language.
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
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** `09:00` in UTC. */
export function clockUtc(ms: number): string {
  return hhmmUtc.format(ms);
}

/** `10:00` in the workstation's zone. */
export function clockLocal(ms: number): string {
  return hhmmLocal.format(ms);
}

/** `Fri 20 Nov` / `11월 20일 (금)` (UTC day). */
export function dayLabel(ms: number): string {
  const language = locale.language;
  let format = dayFormats.get(language);
  if (!format) {
    // en-GB: day before month, as the schedule has always read.
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      weekday: 'short',
      day: '2-digit',
      month: 'short',
      timeZone: 'UTC',
    });
    dayFormats.set(language, format);
  }
  return format.format(ms);
}

/** Seconds as `h:mm:ss`, e.g. `0:25:00`. */
export function hms(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A program's state as its block shows it: on air now, ended, or neither (yet to come). */
export type ProgramState = 'onAir' | 'ended' | null;

/**
 * The accessible name of a program block: `Morning Jazz, 09:00 UTC`, with the state the block
 * shows in colour (`…, on air`, `…, ended`): a screen reader hears it, whatever the block's width.
 */
export function programName(
  program: Pick<Program, 'title'>,
  startMs: number,
  state: ProgramState = null,
): string {
  const name = `${program.title}, ${clockUtc(startMs)} UTC`;
  if (state === 'onAir') return t('timeline.nameOnAir', { name });
  if (state === 'ended') return t('timeline.nameEnded', { name });
  return name;
}

/** The ISO-8601 UTC form the bridge takes, without milliseconds: `2026-11-20T09:00:00Z`. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
