/**
 * The Companion preset page as a picture for docs/admin/companion.md: the module's preset
 * definitions (integrations/companion/src/presets.ts) as Companion was given them, each button's
 * text with the module's variable values put in, and its colours after the feedbacks that are
 * true now, drawn as HTML in Chromium. Companion itself does not run where the docs are built,
 * so this is a drawing from the module's own definitions, not a capture of Companion's window.
 */
import type { CompanionButtonStyleProps } from '@companion-module/base';
import type { CompanionRecorder } from '../../integrations/companion/src/companion-recorder';

/** One button as drawn: its text with variables put in, colours as CSS `#rrggbb`. */
export interface DrawnPreset {
  /** The preset's name (Companion shows it as the button's tooltip). */
  name: string;
  text: string;
  color: string;
  bgcolor: string;
  /** The feedbacks whose style applies now, in the preset's order (`onAir`, `pressAgain`…). */
  feedbacks: string[];
}

/** One preset category (one page, `On air: <channel>`) and its buttons in the module's order. */
export interface DrawnCategory {
  category: string;
  presets: DrawnPreset[];
}

/**
 * What the preset page shows now: the button presets Companion was given, grouped by category
 * in the module's order. A feedback's style applies when its callback answers true (false when
 * inverted), later feedbacks over earlier ones, as Companion layers a button's feedback styles.
 * Variables follow Companion's own parsing: `$(label:id)` of this connection becomes the value
 * the module last set, and one with no value `$NA` (Companion's `VARIABLE_UNKNOWN_VALUE`).
 */
export async function presetPage(companion: CompanionRecorder): Promise<DrawnCategory[]> {
  const categories = new Map<string, DrawnPreset[]>();
  for (const preset of Object.values(companion.presets)) {
    if (preset?.type !== 'button') continue;
    const style: Partial<CompanionButtonStyleProps> = { ...preset.style };
    const applied: string[] = [];
    for (const feedback of preset.feedbacks) {
      const value = await companion.feedback(feedback.feedbackId, feedback.options);
      if (value === !feedback.isInverted) {
        Object.assign(style, feedback.style);
        applied.push(feedback.feedbackId);
      }
    }
    const presets = categories.get(preset.category) ?? [];
    presets.push({
      name: preset.name,
      text: withVariables(preset.style.text, companion),
      color: cssColour(style.color ?? 0xffffff),
      bgcolor: cssColour(style.bgcolor ?? 0),
      feedbacks: applied,
    });
    categories.set(preset.category, presets);
  }
  return [...categories].map(([category, presets]) => ({ category, presets }));
}

/**
 * A self-contained HTML page drawing `categories` as Companion's Presets tab lists a
 * connection's presets: a heading per category over its buttons, each a 72 × 72 px square
 * (the size of Companion's button images) with rounded corners, the text centred on as many
 * lines as it needs, `\n` starting a new one. `note` is printed under the page (the caption
 * that says what the picture is). Sizes the text with {@link fitText} once loaded.
 */
export function presetPageHtml(connection: string, categories: DrawnCategory[], note: string) {
  const groups = categories
    .map(
      ({ category, presets }) => `
      <section>
        <h2>${escapeHtml(category)}</h2>
        <div class="buttons">${presets
          .map(
            (preset) => `
          <div class="button" title="${escapeHtml(preset.name)}"
               data-feedbacks="${escapeHtml(preset.feedbacks.join(' '))}"
               style="color:${preset.color};background:${preset.bgcolor}">
            <span class="text">${escapeHtml(preset.text)}</span>
          </div>`,
          )
          .join('')}
        </div>
      </section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>
  body { margin: 0; background: #ebedef; font: 13px/1.4 'DejaVu Sans', 'Noto Sans CJK KR', sans-serif; color: #3c4b64; }
  main { display: inline-block; margin: 12px; padding: 12px 16px 10px; background: #fff;
         border: 1px solid #d8dbe0; border-radius: 4px; }
  h1 { margin: 0 0 2px; font-size: 16px; font-weight: 600; }
  .crumb { margin: 0 0 10px; color: #768192; }
  h2 { margin: 10px 0 6px; font-size: 13px; font-weight: 600; }
  .buttons { display: flex; gap: 6px; }
  .button { box-sizing: border-box; width: 72px; height: 72px; padding: 2px; border-radius: 6px;
            display: flex; align-items: center; justify-content: center; overflow: hidden;
            text-align: center; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35); }
  .text { display: block; max-width: 68px; white-space: pre-wrap;
          line-height: 1.1; font-family: 'DejaVu Sans', 'Noto Sans CJK KR', sans-serif; }
  .note { margin: 10px 0 0; max-width: 330px; font-size: 11px; color: #768192; }
</style></head><body><main>
  <h1>Presets</h1>
  <p class="crumb">${escapeHtml(connection)}</p>${groups}
  <p class="note">${escapeHtml(note)}</p>
</main></body></html>`;
}

/**
 * Runs in the page: gives each button's text the largest of Companion's usual font steps, px,
 * at which it fits inside the 68 × 68 px the button leaves for text (Companion's `size: 'auto'`
 * picks a size the same way; its own font and steps may wrap a line differently).
 */
export function fitText(): void {
  const steps = [44, 30, 24, 18, 14, 12, 10, 8, 7];
  for (const text of document.querySelectorAll<HTMLElement>('.button .text')) {
    for (const size of steps) {
      text.style.fontSize = `${size}px`;
      if (text.scrollWidth <= 68 && text.offsetHeight <= 68) break;
    }
    // Not even the smallest step holds a word on one line: break inside words.
    if (text.scrollWidth > 68) text.style.overflowWrap = 'anywhere';
  }
}

/** Companion's colour number (`combineRgb`, 0xRRGGBB) as CSS `#rrggbb`. */
function cssColour(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

function withVariables(text: string | undefined, companion: CompanionRecorder): string {
  return (text ?? '').replace(/\$\(([^:$)]+):([^)$]+)\)/g, (_, label: string, id: string) => {
    const value = label === companion.label ? companion.variables.get(id) : undefined;
    return value === undefined ? '$NA' : String(value);
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
