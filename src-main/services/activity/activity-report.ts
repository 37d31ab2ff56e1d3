/**
 * The event-day report (docs/dev/architecture.md, "Activity"): one self-contained HTML file of a
 * UTC day of a workspace's journal. A timeline of on-air periods, commands, refusals, the
 * platform's 429 pauses, stale polls and uploads is drawn with ECharts in main (server-side
 * SVG rendering, `renderToSVGString`) and embedded inline; then a summary and every line.
 * No script, no stylesheet or image from elsewhere: the file opens anywhere, offline.
 */
import * as echarts from 'echarts/core';
import { CustomChart, ScatterChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { CustomSeriesRenderItemAPI } from 'echarts';

// Only what the timeline draws (a custom series of periods, a scatter of points, on a grid,
// as SVG): the whole library would add about 1 MB to the main bundle and the installer.
echarts.use([CustomChart, ScatterChart, GridComponent, SVGRenderer]);
import { batchStep, commandLineTitle, type ActivityItem } from '../../shared/activity-model';
import { isCommand, outcomeTally, summaryCounts } from './report-counts';
import { eventText, kindKey } from '../../shared/activity-words';

/** Width and height of the timeline drawing, px. */
export const timelineSize = { width: 1100, height: 360 } as const;

/** The texts of a report in the operator's language. */
export interface ReportTexts {
  /** `key` of the `activity.report.*`, `activity.kinds.*`, ... catalogue, with params. */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** A command's title from the catalogue. */
  commandTitle: (command: string) => string;
  /** A time as the operator reads it, UTC labelled by the caller. */
  time: (iso: string) => string;
}

/** What the report is of. */
export interface ReportInput {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  /** The workspace's name. */
  workspace: string;
  /** The channel the report keeps to, when one (its title or key). */
  channel: string | null;
  /** The day's items, oldest first (already filtered to the channel, when one). */
  items: readonly ActivityItem[];
  /** When the report was written, epoch ms UTC; an open period ends here if within the day. */
  now: number;
  /** The document's language (`lang`). */
  language: string;
}

/** What a command line did, in words: its title and, on a batch's line, which step. */
function commandWhat(item: ActivityItem, texts: ReportTexts): string {
  const title = commandLineTitle(item, texts.commandTitle);
  return item.batch ? `${title} · ${batchStep(item.batch, texts.t)}` : title;
}

/** A span of the timeline, epoch ms. */
interface Span {
  row: number;
  start: number;
  end: number;
  label: string;
}

/**
 * The periods of the day: on-air (an `on-air` line to the channel's next `off-air`), stale (a
 * `stale` line to the same watch's `fresh`) and 429 pauses (`at` to `until`); a period still
 * open ends at the day's end or `now`, whichever is first.
 */
export function periods(
  items: readonly ActivityItem[],
  dayStart: number,
  dayEnd: number,
  rowOf: (channelKey: string) => number,
  staleRow: number,
  budgetRow: number,
): Span[] {
  const spans: Span[] = [];
  const onAir = new Map<string, { start: number; label: string }>();
  const stale = new Map<string, number>();
  const clip = (ms: number) => Math.min(Math.max(ms, dayStart), dayEnd);
  for (const item of items) {
    const at = Date.parse(item.at);
    // A line written when the desk first saw the channel on air carries the platform's start.
    if (item.kind === 'on-air' && item.channelKey && !onAir.has(item.channelKey))
      onAir.set(item.channelKey, {
        start: item.since ? Math.min(at, Date.parse(item.since)) : at,
        label: item.broadcastTitle ?? '',
      });
    else if (item.kind === 'off-air' && item.channelKey) {
      const open = onAir.get(item.channelKey);
      onAir.delete(item.channelKey);
      spans.push({
        row: rowOf(item.channelKey),
        start: clip(open?.start ?? dayStart),
        end: clip(at),
        label: open?.label ?? item.broadcastTitle ?? '',
      });
    } else if (item.kind === 'stale') {
      const id = `${item.detail ?? ''}:${item.broadcastKey ?? ''}`;
      if (!stale.has(id)) stale.set(id, at);
    } else if (item.kind === 'fresh') {
      const id = `${item.detail ?? ''}:${item.broadcastKey ?? ''}`;
      const start = stale.get(id);
      stale.delete(id);
      if (start !== undefined)
        spans.push({ row: staleRow, start: clip(start), end: clip(at), label: item.detail ?? '' });
    } else if (item.kind === 'budget-429') {
      const until = item.until ? Date.parse(item.until) : at + 1000;
      spans.push({ row: budgetRow, start: clip(at), end: clip(until), label: item.detail ?? '' });
    }
  }
  for (const [channelKey, open] of onAir)
    spans.push({ row: rowOf(channelKey), start: clip(open.start), end: dayEnd, label: open.label });
  for (const [id, start] of stale)
    spans.push({ row: staleRow, start: clip(start), end: dayEnd, label: id.split(':')[0] ?? '' });
  return spans;
}

/** The timeline as one SVG document (ECharts' server-side rendering), no script in it. */
export function timelineSvg(input: ReportInput, texts: ReportTexts): string {
  const dayStart = Date.parse(`${input.day}T00:00:00Z`);
  const dayEnd = Math.min(dayStart + 86_400_000, Math.max(input.now, dayStart));
  const channels = new Map<string, string>();
  for (const item of input.items)
    if (onChannelRow(item) && item.channelKey)
      channels.set(item.channelKey, item.channelTitle ?? item.channelKey);
  const channelKeys = [...channels.keys()];
  const rows = [
    ...channelKeys.map((key) =>
      texts.t('activity.report.onAirRow', { channel: channels.get(key) ?? key }),
    ),
    texts.t('activity.report.commandsRow'),
    texts.t('activity.report.refusalsRow'),
    texts.t('activity.report.unknownRow'),
    texts.t('activity.report.budgetRow'),
    texts.t('activity.report.staleRow'),
    texts.t('activity.report.uploadsRow'),
  ];
  const base = channelKeys.length;
  const [commandsRow, refusalsRow, unknownRow, budgetRow, staleRow, uploadsRow] = [
    0, 1, 2, 3, 4, 5,
  ].map((i) => base + i) as [number, number, number, number, number, number];
  const tallyRow = { refusal: refusalsRow, unknown: unknownRow } as const;
  const spans = periods(
    input.items,
    dayStart,
    dayEnd,
    (key) => channelKeys.indexOf(key),
    staleRow,
    budgetRow,
  );
  const points = input.items.flatMap((item) => {
    const at = Date.parse(item.at);
    // Each row draws what the summary counts in it: a refused command is a command and a refusal.
    if (item.kind === 'upload') return [[at, uploadsRow, item.file ?? ''] as const];
    // A recording started or stopped: a mark on its channel's row.
    if (onChannelRow(item) && item.channelKey && item.kind.startsWith('recording-'))
      return [[at, channelKeys.indexOf(item.channelKey), item.broadcastTitle ?? ''] as const];
    const tally = outcomeTally(item);
    return [
      ...(isCommand(item) ? [[at, commandsRow, commandWhat(item, texts)] as const] : []),
      ...(tally ? [[at, tallyRow[tally], commandWhat(item, texts)] as const] : []),
    ];
  });
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: timelineSize.width,
    height: timelineSize.height,
  });
  try {
    chart.setOption({
      animation: false,
      grid: { left: 200, right: 24, top: 16, bottom: 40 },
      xAxis: {
        type: 'time',
        min: dayStart,
        max: dayStart + 86_400_000,
        axisLabel: {
          formatter: (value: number) => new Date(value).toISOString().slice(11, 16),
        },
        splitLine: { show: true },
      },
      yAxis: {
        type: 'category',
        data: rows,
        inverse: true,
        axisLabel: { width: 190, overflow: 'truncate' },
      },
      series: [
        {
          type: 'custom',
          name: 'periods',
          encode: { x: [1, 2], y: 0 },
          data: spans.map((span) => [span.row, span.start, span.end, span.label]),
          renderItem: (_params: unknown, api: CustomSeriesRenderItemAPI) => {
            const row = Number(api.value(0));
            const from = api.coord([Number(api.value(1)), row]);
            const to = api.coord([Number(api.value(2)), row]);
            const height = (api.size?.([0, 1]) as number[] | undefined)?.[1] ?? 20;
            const color = row === budgetRow ? '#c0392b' : row === staleRow ? '#d4a017' : '#2e86de';
            return {
              type: 'rect',
              shape: {
                x: from[0] ?? 0,
                y: (from[1] ?? 0) - height * 0.3,
                width: Math.max(2, (to[0] ?? 0) - (from[0] ?? 0)),
                height: height * 0.6,
              },
              style: { fill: color },
            };
          },
        },
        {
          type: 'scatter',
          name: 'points',
          symbolSize: 9,
          data: points.map(([at, row, label]) => ({
            value: [at, row],
            name: label,
            itemStyle: {
              color:
                row === refusalsRow
                  ? '#c0392b'
                  : row === unknownRow
                    ? '#d35400'
                    : row === uploadsRow
                      ? '#27ae60'
                      : row < base
                        ? '#e67e22'
                        : '#34495e',
            },
          })),
        },
      ],
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** A line drawn on its channel's row: on/off air, a recording started or stopped. */
function onChannelRow(item: ActivityItem): boolean {
  return (
    item.kind === 'on-air' ||
    item.kind === 'off-air' ||
    item.kind === 'recording-started' ||
    item.kind === 'recording-stopped'
  );
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The whole report: a complete HTML document with the timeline inline. */
export function reportHtml(input: ReportInput, texts: ReportTexts): string {
  const { t } = texts;
  const items = input.items;
  const counts = summaryCounts(items);
  const uploads = items.filter((item) => item.kind === 'upload');
  const line = (item: ActivityItem) => {
    const what =
      item.kind === 'command' ? commandWhat(item, texts) : eventText(item, t, texts.time);
    // A batch's end says whether all was done; its failures are said on their operations' lines.
    const end = item.batch?.part === 'end' ? item.batch : null;
    const result = end
      ? (end.failed ?? 0) > 0
        ? t('activity.report.batchNotAllDone', { message: item.message ?? '' })
        : t('activity.done')
      : item.result === 'ok'
        ? item.status === null
          ? t('activity.done')
          : t('activity.doneStatus', { status: item.status })
        : item.result === 'refused'
          ? item.status === null
            ? t('activity.refused', { message: item.message ?? '' })
            : t('activity.refusedStatus', { status: item.status, message: item.message ?? '' })
          : item.result === 'unknown'
            ? t('activity.unknown', { message: item.message ?? '' })
            : '';
    const who =
      item.kind === 'command'
        ? [item.who, item.seat ?? t('activity.thisWorkstation')].join(' · ')
        : '';
    const via = item.via ? t(`activity.via.${item.via}`) : '';
    const target = item.channelTitle ?? item.channelKey ?? '';
    const cells = [
      texts.time(item.at),
      t(`activity.kinds.${kindKey(item.kind)}`),
      who,
      via,
      what,
      target,
      result,
    ];
    const tally = outcomeTally(item);
    const marked = tally === 'refusal' || tally === 'unknown' ? tally : item.kind;
    return `<tr class="${marked}">${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  };
  const headings = ['at', 'kind', 'who', 'via', 'what', 'target', 'result'].map((h) =>
    h === 'kind' ? t('activity.kind') : t(`activity.columns.${h}`),
  );
  const title = t('activity.report.title', { day: input.day });
  return `<!doctype html>
<html lang="${escapeHtml(input.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#1d2733}
:lang(ko){word-break:keep-all;overflow-wrap:break-word}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}
.meta{color:#55606e;margin:2px 0}
ul.summary{display:flex;gap:24px;list-style:none;padding:0;flex-wrap:wrap}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border-bottom:1px solid #dde3ea;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f8}tr.refusal td{color:#a3281c}tr.unknown td{color:#a04000}
figure{margin:0;overflow-x:auto}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(t('activity.report.workspace', { name: input.workspace }))}</p>
${input.channel ? `<p class="meta">${escapeHtml(t('activity.report.channelOnly', { channel: input.channel }))}</p>` : ''}
<p class="meta">${escapeHtml(t('activity.report.generated', { at: texts.time(new Date(input.now).toISOString()) }))}</p>
<h2>${escapeHtml(t('activity.report.summary'))}</h2>
<ul class="summary">
<li>${escapeHtml(t('activity.report.commands', { count: counts.commands }))}</li>
<li>${escapeHtml(t('activity.report.refusals', { count: counts.refusals }))}</li>
<li>${escapeHtml(t('activity.report.unknown', { count: counts.unknown }))}</li>
<li>${escapeHtml(counts.batches === 0 ? t('activity.report.batchesNone') : t('activity.report.batches', counts))}</li>
<li>${escapeHtml(t('activity.report.pauses', { count: items.filter((i) => i.kind === 'budget-429').length }))}</li>
<li>${escapeHtml(t('activity.report.stalePeriods', { count: items.filter((i) => i.kind === 'stale').length }))}</li>
<li>${escapeHtml(t('activity.report.uploads', { done: uploads.filter((u) => u.outcome === 'done').length, failed: uploads.filter((u) => u.outcome === 'failed').length }))}</li>
</ul>
<p class="meta">${escapeHtml(t('activity.report.countsNote'))}</p>
<h2>${escapeHtml(t('activity.report.timeline'))}</h2>
<figure>${timelineSvg(input, texts)}</figure>
<h2>${escapeHtml(t('activity.report.lines'))}</h2>
${
  items.length === 0
    ? `<p>${escapeHtml(t('activity.report.none'))}</p>`
    : `<table><thead><tr>${headings.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>
${items.map(line).join('\n')}
</tbody></table>`
}
</body>
</html>
`;
}
