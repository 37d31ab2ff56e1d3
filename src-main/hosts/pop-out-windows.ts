/**
 * The desktop app's pop-out windows (issue 35 §3, "Two screens"; shared/pop-out-model.ts): the
 * Multiview or the control room in a second BrowserWindow, one window per kind, each built by
 * the entry with the main window's hardening (src-main/index.ts: `secureWebPreferences`, the
 * same navigation, window-open and permission policies, the same recovery). A pop-out is the
 * app's own page with the pop-out's query: electron-ipc.ts serves it like the main window, and
 * its watches join the main window's in the one watch planner (read once per task).
 *
 * Where each kind was put is kept in `<data folder>/windows.json` (its display, by id and by
 * that display's bounds, and its own bounds in screen pixels) whenever it moves, is resized or
 * closes. It opens there again while that display is attached (kept fully inside its work
 * area), else centred on the primary display, fully visible.
 *
 * The Electron objects are the narrow interfaces below (the entry adapts BrowserWindow and
 * `screen` to them), so tests drive this with typed fakes (pop-out-windows.test.ts).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { JsonStateFile } from '../services/core/local-state';
import {
  popOutKinds,
  type PopOutAnswer,
  type PopOutKind,
  type PopOutRequest,
} from '../shared/pop-out-model';

/** A rectangle in screen pixels (Electron's `Rectangle`): x, y of its top left, width, height. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A display, as far as placing a window uses it (Electron's `Display`). */
export interface PopOutDisplay {
  /** The OS's id of the display. */
  id: number;
  /** The whole display, screen pixels. */
  bounds: Rect;
  /** The part windows may use (without the task bar, the menu bar, the dock), screen pixels. */
  workArea: Rect;
}

/** The displays attached now (Electron's `screen`). */
export interface PopOutScreen {
  getAllDisplays(): PopOutDisplay[];
  getPrimaryDisplay(): PopOutDisplay;
  /** The display that holds most of `rect`. */
  getDisplayMatching(rect: Rect): PopOutDisplay;
}

/** One pop-out window, as far as this module uses it (the entry adapts a BrowserWindow). */
export interface PopOutWindow {
  /** Its bounds now, screen pixels. */
  getBounds(): Rect;
  /** Shows it (restored if minimised) and gives it the focus. */
  bringForward(): void;
  /** Loads the app's page with `request`'s query (`?popout=…`). */
  load(request: PopOutRequest): Promise<void>;
  close(): void;
  isDestroyed(): boolean;
  /** `moved` and `resized` when the operator is done moving or resizing it; `close` before it goes; `closed` after. */
  on(event: 'moved' | 'resized' | 'close' | 'closed', listener: () => void): void;
}

/** What a new pop-out window is made with: where, and its title. */
export interface PopOutWindowSpec {
  kind: PopOutKind;
  bounds: Rect;
}

export interface PopOutWindowsOptions {
  /** Makes a hidden, hardened window at `spec.bounds` (the entry: `new BrowserWindow(…)`). */
  create: (spec: PopOutWindowSpec) => PopOutWindow;
  screen: PopOutScreen;
  /** The app's data folder: `windows.json` lives there. */
  dataDir: string;
  log: (message: string) => void;
}

/** A pop-out's size when it has never been placed, screen pixels (the main window's minimum). */
export const defaultPopOutSize = { width: 1024, height: 640 } as const;
/** The smallest a pop-out is made (its `minWidth`, `minHeight`), screen pixels. */
export const popOutMinimum = { minWidth: 480, minHeight: 320 } as const;
const minSize = { width: popOutMinimum.minWidth, height: popOutMinimum.minHeight };

const rect = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** Where one kind of pop-out was last put. */
const placeSchema = z.object({
  /** The display's OS id when it was put there. */
  displayId: z.number(),
  /** That display's bounds then: ids can change across restarts, a display's place rarely. */
  displayBounds: rect,
  bounds: rect,
});

/** Where a pop-out was last put: its display (id and bounds) and its own bounds, screen pixels. */
export type PopOutPlace = z.infer<typeof placeSchema>;

const windowsSchema = z.object({
  popOuts: z.partialRecord(z.enum(popOutKinds), placeSchema),
});

/** `windows.json`: where each kind of pop-out was last put. */
export type WindowsFile = z.infer<typeof windowsSchema>;

/**
 * Where a pop-out opens: `place`'s bounds on its display while that display is attached (found
 * by id, else by the same bounds), moved and shrunk to fit its work area; otherwise (never
 * placed, display gone) its size (or {@link defaultPopOutSize}) centred on the primary
 * display's work area, fully visible. Pure; screen pixels in and out.
 */
export function placePopOut(
  place: PopOutPlace | undefined,
  displays: readonly PopOutDisplay[],
  primary: PopOutDisplay,
): Rect {
  const same = (a: Rect, b: Rect) =>
    a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  const display = place
    ? (displays.find((d) => d.id === place.displayId) ??
      displays.find((d) => same(d.bounds, place.displayBounds)))
    : undefined;
  if (place && display) return fitInside(place.bounds, display.workArea);
  const area = primary.workArea;
  const width = Math.min(place?.bounds.width ?? defaultPopOutSize.width, area.width);
  const height = Math.min(place?.bounds.height ?? defaultPopOutSize.height, area.height);
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  };
}

/** `bounds` shrunk to `area` (never below the minimum the area allows) and moved fully inside it. */
export function fitInside(bounds: Rect, area: Rect): Rect {
  const width = Math.min(Math.max(bounds.width, Math.min(minSize.width, area.width)), area.width);
  const height = Math.min(
    Math.max(bounds.height, Math.min(minSize.height, area.height)),
    area.height,
  );
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

/** The desktop app's pop-out windows: one per kind, placed where each was last put. */
export class PopOutWindows {
  private readonly open = new Map<PopOutKind, PopOutWindow>();
  /** Each kind's window being made (its place read first): a second ask waits for it. */
  private readonly opening = new Map<PopOutKind, Promise<unknown>>();
  private readonly file: JsonStateFile<WindowsFile>;
  private places: WindowsFile | null = null;

  constructor(private readonly options: PopOutWindowsOptions) {
    this.file = new JsonStateFile(
      join(options.dataDir, 'windows.json'),
      windowsSchema,
      () => ({ popOuts: {} }),
      'window places',
    );
  }

  /**
   * Opens `request`'s pop-out where it was last put, or brings it forward when it is open (a
   * control room asked for another channel loads that channel). Answers `{ opened: 'window' }`.
   * A damaged `windows.json` is set aside and the pop-out opens on the primary display. Asked
   * twice at once (a double click, the menu and a key), the second waits for the first's window
   * and brings it forward: never two windows of one kind.
   */
  async openPopOut(request: PopOutRequest): Promise<PopOutAnswer> {
    const answer: PopOutAnswer = { opened: 'window', kind: request.kind };
    const pending = this.opening.get(request.kind);
    if (pending) await pending.catch(() => undefined);
    const existing = this.open.get(request.kind);
    if (existing && !existing.isDestroyed()) {
      if (request.channelKey) await existing.load(request);
      existing.bringForward();
      return answer;
    }
    const made = this.makeWindow(request);
    this.opening.set(request.kind, made);
    try {
      await made;
    } finally {
      if (this.opening.get(request.kind) === made) this.opening.delete(request.kind);
    }
    return answer;
  }

  /** Makes `request`'s window where its kind was last put, loads it and brings it forward. */
  private async makeWindow(request: PopOutRequest): Promise<void> {
    const places = await this.readPlaces();
    const { screen } = this.options;
    const bounds = placePopOut(
      places.popOuts[request.kind],
      screen.getAllDisplays(),
      screen.getPrimaryDisplay(),
    );
    const window = this.options.create({ kind: request.kind, bounds });
    this.open.set(request.kind, window);
    const remember = () => void this.remember(request.kind, window);
    window.on('moved', remember);
    window.on('resized', remember);
    window.on('close', remember);
    window.on('closed', () => {
      if (this.open.get(request.kind) === window) this.open.delete(request.kind);
    });
    await window.load(request);
    window.bringForward();
  }

  /** The kinds open now, in a stable order (what the close question counts). */
  openKinds(): PopOutKind[] {
    return popOutKinds.filter((kind) => {
      const window = this.open.get(kind);
      return window !== undefined && !window.isDestroyed();
    });
  }

  /** Closes every pop-out (each remembers where it was as it closes). */
  closeAll(): void {
    for (const window of this.open.values()) if (!window.isDestroyed()) window.close();
  }

  /** Waits for the places asked to be written so far (tests; {@link holdQuitForPlaces}). */
  async settled(): Promise<void> {
    await this.writing;
  }

  /** Whether a place is still to be written to `windows.json`. */
  writesPending(): boolean {
    return this.pending > 0;
  }

  private writing: Promise<void> = Promise.resolve();
  private pending = 0;

  private async readPlaces(): Promise<WindowsFile> {
    if (this.places) return this.places;
    const read = await this.file.read();
    if (read.notice) this.options.log(`pop-outs: ${read.notice}`);
    this.places = read.value;
    return this.places;
  }

  /**
   * Keeps where `window` is now as `kind`'s place (a window already gone keeps its last). Read
   * at once (a closing window is still there), written after the writes asked before it.
   */
  private remember(kind: PopOutKind, window: PopOutWindow): Promise<void> {
    if (window.isDestroyed()) return this.writing;
    const bounds = roundRect(window.getBounds());
    const display = this.options.screen.getDisplayMatching(bounds);
    const place = { displayId: display.id, displayBounds: display.bounds, bounds };
    this.pending += 1;
    this.writing = this.writing.then(async () => {
      try {
        const places = await this.readPlaces();
        places.popOuts[kind] = place;
        await this.file.write(places);
      } catch (error) {
        this.options.log(`pop-outs: could not keep where the ${kind} window is: ${String(error)}`);
      } finally {
        this.pending -= 1;
      }
    });
    return this.writing;
  }
}

/** The app as far as quitting goes (Electron's `app`): its `will-quit` and `quit`. */
export interface PlacesQuittingApp {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/**
 * Holds the app's quit while a pop-out's place is still being written, then quits again: the
 * pop-outs close as the app quits and each keeps where it was as it closes (`close`), so a
 * window moved just before quitting opens there next time. Register it before any other
 * `will-quit` listener, which then sees `event.defaultPrevented` on the held quit. A write that
 * fails is logged and ends the wait (never keeps the operator from quitting).
 */
export function holdQuitForPlaces(
  app: PlacesQuittingApp,
  popOuts: () => Pick<PopOutWindows, 'writesPending' | 'settled'> | null,
): void {
  app.on('will-quit', (event) => {
    const windows = popOuts();
    if (!windows?.writesPending()) return;
    event.preventDefault();
    void windows.settled().then(() => app.quit());
  });
}

function roundRect(r: Rect): Rect {
  return {
    x: Math.round(r.x),
    y: Math.round(r.y),
    width: Math.round(r.width),
    height: Math.round(r.height),
  };
}
