/** Colours of the statistics charts, per theme. */
import type { Theme } from '../../../src-main/shared/appearance-model';

/** A chart's colours: the house palette (styles/global.css) for canvases, which cannot read CSS variables. */
export interface ChartPalette {
  panel: string;
  line: string;
  grid: string;
  text: string;
  text2: string;
  muted: string;
  series: readonly string[];
  /** Behind points whose figures may not be complete yet. */
  marked: string;
  /** The zoom slider's chosen range. */
  filler: string;
}

const dark: ChartPalette = {
  panel: '#111821',
  line: '#243140',
  grid: '#1a2530',
  text: '#e8eef5',
  text2: '#a9b6c6',
  muted: '#7d8b9c',
  series: ['#5aa9ff', '#39c586', '#f5b83d', '#ff7a85', '#b48cff'],
  marked: 'rgba(245, 184, 61, 0.12)',
  filler: 'rgba(90, 169, 255, 0.18)',
};

/** Light: the same hues, darkened to stand out on white (text meets WCAG AA there). */
const light: ChartPalette = {
  panel: '#ffffff',
  line: '#c4ccd6',
  grid: '#e4e8ee',
  text: '#0f1720',
  text2: '#36414f',
  muted: '#505c6b',
  series: ['#0a5cb8', '#16713f', '#a86500', '#c4122b', '#6a4bd6'],
  marked: 'rgba(168, 101, 0, 0.12)',
  filler: 'rgba(10, 92, 184, 0.15)',
};

/** The chart palette of `theme`. */
export function chartPalette(theme: Theme): ChartPalette {
  return theme === 'light' ? light : dark;
}
