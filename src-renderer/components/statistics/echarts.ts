/**
 * ECharts with only what the Statistics view draws (line and bar charts, axes, tooltip, range
 * zoom, legend, a marked area) on the canvas renderer: a small bundle, and nothing that writes
 * inline style attributes, which the renderer's CSP (`style-src 'self'`) refuses. Tooltips are
 * drawn on the canvas (`renderMode: 'richText'`) for the same reason. Loaded on first use
 * (StatChart), so the rest of the app starts without it.
 */
import { use, init, type ComposeOption, type ECharts } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkAreaComponentOption,
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
  MarkAreaComponent,
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
  | MarkAreaComponentOption
>;

export { init, type ECharts };
