/** The local subtitle check: what an operator sees when a file is broken, line by line. */
import { describe, expect, it } from 'vitest';
import { checkSubtitleText, maxSubtitleBytes } from './subtitle-text';

const srt = '1\n00:00:01,000 --> 00:00:04,000\nHello\n\n2\n00:00:05,000 --> 00:00:07,500\nWorld\n';
const vtt =
  'WEBVTT - show\n\nNOTE made by hand\n\nintro\n00:01.000 --> 00:04.000 align:start\nHello\n\n01:00:05.000 --> 01:00:07.000\nLater\n';

describe('checkSubtitleText', () => {
  it('accepts SRT and WebVTT (with a BOM, CRLF, identifiers, notes and cue settings)', () => {
    expect(checkSubtitleText(srt)).toEqual({ ok: true, format: 'srt', cues: 2 });
    expect(checkSubtitleText(`\uFEFF${srt.replaceAll('\n', '\r\n')}`)).toEqual({
      ok: true,
      format: 'srt',
      cues: 2,
    });
    expect(checkSubtitleText(vtt)).toEqual({ ok: true, format: 'vtt', cues: 2 });
  });

  it('names the first bad line of a broken SRT file', () => {
    const badTime = srt.replace('00:00:05,000', '00:00:05.000');
    expect(checkSubtitleText(badTime)).toEqual({
      ok: false,
      problem: { reason: 'timing', line: 6 },
    });
    expect(checkSubtitleText(srt.replace('2\n', 'two\n'))).toEqual({
      ok: false,
      problem: { reason: 'number', line: 5 },
    });
    expect(checkSubtitleText(srt.replace('00:00:07,500', '00:00:04,500'))).toEqual({
      ok: false,
      problem: { reason: 'endBeforeStart', line: 6 },
    });
    expect(
      checkSubtitleText(
        srt.replace('00:00:05,000 --> 00:00:07,500', '00:00:00,500 --> 00:00:00,900'),
      ),
    ).toEqual({
      ok: false,
      problem: { reason: 'outOfOrder', line: 6 },
    });
    expect(checkSubtitleText('1\n00:00:01,000 --> 00:00:02,000\n')).toEqual({
      ok: false,
      problem: { reason: 'noText', line: 2 },
    });
  });

  it('refuses WebVTT without its header, or with a broken timing line', () => {
    expect(checkSubtitleText('WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n')).toEqual({
      ok: false,
      problem: { reason: 'header', line: 1 },
    });
    expect(checkSubtitleText('WEBVTT\n\n00:01.000 -> 00:02.000\nHi\n')).toEqual({
      ok: false,
      problem: { reason: 'timing', line: 3 },
    });
    expect(checkSubtitleText('WEBVTT\n\n00:01,000 --> 00:02.000\nHi\n')).toEqual({
      ok: false,
      problem: { reason: 'timing', line: 3 },
    });
  });

  it('refuses empty text, text without cues, and files past the platform limit', () => {
    expect(checkSubtitleText('  \n')).toEqual({ ok: false, problem: { reason: 'empty' } });
    expect(checkSubtitleText('WEBVTT\n')).toEqual({ ok: false, problem: { reason: 'noCues' } });
    expect(checkSubtitleText(`${srt}${'x'.repeat(maxSubtitleBytes)}`)).toEqual({
      ok: false,
      problem: { reason: 'tooLarge', maxBytes: maxSubtitleBytes },
    });
  });
});
