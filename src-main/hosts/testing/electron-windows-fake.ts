/**
 * Electron's `screen` and pop-out BrowserWindows at the surface hosts/pop-out-windows.ts uses
 * (`PopOutScreen`, `PopOutWindow`), scripted for tests: displays are attached and detached,
 * a window is moved by the operator, and every window made, load and close is recorded.
 */
import type {
  PopOutDisplay,
  PopOutScreen,
  PopOutWindow,
  PopOutWindowSpec,
  Rect,
} from '../pop-out-windows';
import type { PopOutRequest } from '../../shared/pop-out-model';

type WindowEvent = 'moved' | 'resized' | 'close' | 'closed';

/** Displays attached to the fake workstation; the first is the primary. */
export class FakeScreen implements PopOutScreen {
  constructor(public displays: PopOutDisplay[]) {}

  getAllDisplays(): PopOutDisplay[] {
    return this.displays;
  }
  getPrimaryDisplay(): PopOutDisplay {
    const primary = this.displays[0];
    if (!primary) throw new Error('no display attached');
    return primary;
  }
  /** The display holding most of `rect` (the primary when none overlaps it), as Electron's. */
  getDisplayMatching(rect: Rect): PopOutDisplay {
    let best = this.getPrimaryDisplay();
    let bestArea = 0;
    for (const display of this.displays) {
      const area = overlap(rect, display.bounds);
      if (area > bestArea) [best, bestArea] = [display, area];
    }
    return best;
  }
}

/** A display `width`×`height` at (x, y) whose work area leaves a 40 px task bar at the bottom. */
export function display(id: number, x: number, y: number, width: number, height: number) {
  return {
    id,
    bounds: { x, y, width, height },
    workArea: { x, y, width, height: height - 40 },
  } satisfies PopOutDisplay;
}

/** One pop-out window; `moveTo` is the operator dragging it, `userClose` clicking its ×. */
export class FakePopOutWindow implements PopOutWindow {
  readonly loads: PopOutRequest[] = [];
  forwards = 0;
  destroyed = false;
  private bounds: Rect;
  private readonly listeners = new Map<WindowEvent, (() => void)[]>();

  constructor(readonly spec: PopOutWindowSpec) {
    this.bounds = { ...spec.bounds };
  }

  getBounds(): Rect {
    return { ...this.bounds };
  }
  bringForward(): void {
    this.forwards += 1;
  }
  load(request: PopOutRequest): Promise<void> {
    this.loads.push(request);
    return Promise.resolve();
  }
  close(): void {
    if (this.destroyed) return;
    this.emit('close');
    this.destroyed = true;
    this.emit('closed');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  on(event: WindowEvent, listener: () => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  /** The operator moves (and resizes) it; `moved` and `resized` follow. */
  moveTo(bounds: Rect): void {
    this.bounds = { ...bounds };
    this.emit('moved');
    this.emit('resized');
  }

  private emit(event: WindowEvent): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

/** A `create` for PopOutWindows that records every window it makes. */
export function fakeWindowMaker(): {
  create: (spec: PopOutWindowSpec) => FakePopOutWindow;
  made: FakePopOutWindow[];
} {
  const made: FakePopOutWindow[] = [];
  return {
    made,
    create: (spec) => {
      const window = new FakePopOutWindow(spec);
      made.push(window);
      return window;
    },
  };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
