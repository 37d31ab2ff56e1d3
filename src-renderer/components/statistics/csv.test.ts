/** CSV exports open in a spreadsheet as the platform's values, titles with commas included. */
import { describe, expect, it } from 'vitest';
import { fileStem, toCsv } from './csv';

describe('CSV of a chart', () => {
  it('quotes fields that need it and ends every line with CRLF', () => {
    const text = toCsv({
      header: ['rank', 'title', 'views'],
      rows: [
        [1, 'Summer Festival, Day 1: Opening Night', 1200],
        [2, 'The "Budget" Explained', 980],
      ],
    });
    expect(text).toBe(
      'rank,title,views\r\n1,"Summer Festival, Day 1: Opening Night",1200\r\n2,"The ""Budget"" Explained",980\r\n',
    );
  });

  it('names files after the chart, in any language', () => {
    expect(fileStem('Viewers per 5 min, 2026-11-22 (UTC)')).toBe(
      'viewers-per-5-min-2026-11-22-utc',
    );
    expect(fileStem('5분 간격 시청자')).toBe('5분-간격-시청자');
    expect(fileStem('—')).toBe('statistics');
  });
});
