/**
 * What the operator reads for times, ages, sizes and spans in each language: through Intl,
 * UTC labelled in both, the running clock the same in both.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguageChoice } from '../i18n/i18n.svelte';
import {
  formatAgo,
  formatBytes,
  formatDuration,
  formatEta,
  formatUtc,
  formatUtcDay,
} from './format';

afterEach(() => applyLanguageChoice('en'));

describe('format', () => {
  it('reads in English', () => {
    applyLanguageChoice('en');
    expect(formatUtc('2026-11-20T21:05:12Z')).toBe('21:05:12 UTC');
    expect(formatUtcDay('2026-11-20T21:05:12Z')).toBe('20 Nov');
    expect(formatAgo(0, 3_400)).toBe('updated 3 sec. ago');
    expect(formatAgo(0, 0)).toBe('updated now');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatEta(185)).toMatch(/^3 min,? 5 sec$/);
  });

  it('reads in Korean, with UTC still labelled and the clock unchanged', () => {
    applyLanguageChoice('ko');
    expect(formatUtc('2026-11-20T21:05:12Z')).toBe('21:05:12 UTC');
    expect(formatUtcDay('2026-11-20T21:05:12Z')).toBe('11월 20일');
    expect(formatAgo(0, 3_400)).toBe('3초 전 업데이트');
    expect(formatAgo(0, 5 * 60_000)).toBe('5분 전 업데이트');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5GB');
    expect(formatEta(185)).toMatch(/^3분 5초$/);
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
