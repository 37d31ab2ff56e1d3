/**
 * ECharts with only what the Statistics view draws (line and bar charts, axes, tooltip, range
 * zoom, legend) on the canvas renderer: a small bundle, and nothing that writes inline style
 * attributes, which the renderer's CSP (`style-src 'self'`) refuses. Tooltips are drawn on the
 * canvas (`renderMode: 'richText'`) for the same reason.
 */
import { use, init, type ComposeOption, type ECharts } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  LegendComponent,
  CanvasRenderer,
]);

/** The options our charts use. */
export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
  | LegendComponentOption
>;

export { init, type ECharts };

/** The house palette (styles/global.css) for canvases, which cannot read CSS variables. */
export const palette = {
  panel: '#111821',
  line: '#243140',
  grid: '#1a2530',
  text: '#e8eef5',
  text2: '#a9b6c6',
  muted: '#7d8b9c',
  series: ['#5aa9ff', '#39c586', '#f5b83d', '#ff7a85', '#b48cff'],
} as const;
