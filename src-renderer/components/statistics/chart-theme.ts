/** Colours of the statistics charts. */

/** The house palette (styles/global.css) for canvases, which cannot read CSS variables. */
export const palette = {
  panel: '#111821',
  line: '#243140',
  grid: '#1a2530',
  text: '#e8eef5',
  text2: '#a9b6c6',
  muted: '#7d8b9c',
  series: ['#5aa9ff', '#39c586', '#f5b83d', '#ff7a85', '#b48cff'],
  /** Behind points whose figures may not be complete yet. */
  marked: 'rgba(245, 184, 61, 0.12)',
} as const;
