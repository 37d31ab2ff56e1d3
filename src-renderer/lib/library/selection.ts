/**
 * Multi-select as in a file manager: a click selects one row, Ctrl/Cmd-click adds or removes
 * one, Shift-click selects the range from the last clicked row (the anchor).
 */

/** Selected keys and the anchor of the next Shift-click. */
export interface Selection {
  keys: Set<string>;
  anchor: string | null;
}

/** How a row was clicked. */
export interface ClickKind {
  shift: boolean;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  toggle: boolean;
}

/**
 * The selection after a click on `key`; `order` is the rows' keys as listed (the range of a
 * Shift-click follows it). Answers a new object; `current` is not changed.
 */
export function clickSelect(
  current: Selection,
  key: string,
  order: readonly string[],
  click: ClickKind,
): Selection {
  if (click.shift && current.anchor !== null) {
    const from = order.indexOf(current.anchor);
    const to = order.indexOf(key);
    if (from >= 0 && to >= 0) {
      const [lo, hi] = from <= to ? [from, to] : [to, from];
      const keys = new Set(click.toggle ? current.keys : []);
      for (const item of order.slice(lo, hi + 1)) keys.add(item);
      return { keys, anchor: current.anchor };
    }
  }
  if (click.toggle) {
    const keys = new Set(current.keys);
    if (keys.has(key)) keys.delete(key);
    else keys.add(key);
    return { keys, anchor: key };
  }
  return { keys: new Set([key]), anchor: key };
}

/** Every listed row selected. */
export function selectAll(order: readonly string[]): Selection {
  return { keys: new Set(order), anchor: order[0] ?? null };
}

/** The drag payload's type: the dragged contents' upload file keys, as JSON. */
export const contentDragType = 'application/x-onair-contents';

/** The contents a drop carries (upload file keys), or none when it is not a drag of contents. */
export function draggedKeys(event: DragEvent): string[] {
  try {
    const keys: unknown = JSON.parse(event.dataTransfer?.getData(contentDragType) || '[]');
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}
