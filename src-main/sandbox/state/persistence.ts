/**
 * Keeps the sandbox's state across restarts in one JSON file (`--state FILE`, `stateFile`).
 *
 * File: `{ format: 'onair-sandbox-state', version: 2, saved_at, virtual_now_ms, state }`,
 * `saved_at` ISO-8601 UTC, `virtual_now_ms` the platform clock (ms since the epoch, UTC).
 * `state` is the state object encoded generically (no field list, so collections added to
 * state.ts are kept without changes here): plain objects, arrays, strings, finite numbers,
 * booleans and null as themselves; `Date` as `{ $type: 'Date', iso }`, `Map` as
 * `{ $type: 'Map', entries: [[key, value]...] }`, `Set` as `{ $type: 'Set', values }`, and a
 * plain object that has its own `$type` key as `{ $type: 'Object', value }`. `undefined`
 * fields are dropped. A function (e.g. a `Random` kept in state) is saved as
 * `{ $type: 'Function' }` and on load taken from the same path of `functionsFrom`, a state
 * seeded afresh: pass one seeded differently from the saved run, or a PRNG restarts its
 * sequence and repeats keys it already drew. Anything else (class instances, NaN, Infinity)
 * cannot be saved: the state is data.
 *
 * Writes are atomic (temp file in the same folder, fsync, rename, fsync of the folder) and
 * serialized; `scheduleSave` debounces them. Reading never throws: a missing file means
 * "start from the seed"; an unreadable or corrupt one is reported and also starts from the seed.
 */
import { readFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const format = 'onair-sandbox-state';
const version = 2;

/** A loaded file: the state and the platform time it was saved at. */
export interface SavedState<S> {
  state: S;
  /** The virtual clock at the save, ms since the epoch (UTC). */
  virtualNowMs: number;
}

/** The file's text for `state` at virtual time `virtualNowMs`. @throws Error for non-data. */
export function serializeState(state: object, virtualNowMs: number): string {
  return `${JSON.stringify({
    format,
    version,
    saved_at: new Date().toISOString(),
    virtual_now_ms: virtualNowMs,
    state: encode(state, 'state'),
  })}\n`;
}

/**
 * The state in `text`, checked against `seed` (a freshly seeded state): every top-level field of
 * the seed must be present with the same kind (list, object, text...), else the file is corrupt.
 * Fields the seed has and the file lacks (a file from an older build) come from the seed.
 * @throws Error naming what is wrong, in an operator's words.
 */
export function deserializeState<S extends object>(
  text: string,
  seed: S,
  functionsFrom: object = seed,
): SavedState<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('it is not valid JSON (a partial or damaged write?)');
  }
  if (!isPlain(raw) || raw.format !== format) throw new Error(`it is not a ${format} file`);
  if (raw.version !== version) {
    throw new Error(`it has version ${String(raw.version)}; this sandbox reads version ${version}`);
  }
  const virtualNowMs = raw.virtual_now_ms;
  if (typeof virtualNowMs !== 'number' || !Number.isFinite(virtualNowMs)) {
    throw new Error('its virtual_now_ms is not a number');
  }
  const state = decode(raw.state, 'state', functionsFrom);
  if (!isPlain(state)) throw new Error('its state is not an object');
  for (const [key, seeded] of Object.entries(seed)) {
    if (!(key in state)) state[key] = seeded;
    else if (seeded !== null && state[key] !== null && kindOf(state[key]) !== kindOf(seeded)) {
      throw new Error(`its state.${key} is a ${kindOf(state[key])}, not a ${kindOf(seeded)}`);
    }
  }
  return { state: state as S, virtualNowMs };
}

/** One state file: load at start, debounced atomic saves, flush on close. */
export class StateFile {
  readonly #file: string;
  readonly #debounceMs: number;
  readonly #report: (message: string) => void;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #snapshot: (() => string) | undefined;

  /**
   * @param file path of the JSON file.
   * @param report where problems go (default: one line on stderr).
   * @param debounceMs quiet time after the last change before a save, in ms (default 250).
   */
  constructor(
    file: string,
    report: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
    debounceMs = 250,
  ) {
    this.#file = path.resolve(file);
    this.#report = report;
    this.#debounceMs = debounceMs;
  }

  /** The saved state, or undefined (missing: silently; unreadable or corrupt: reported). */
  load<S extends object>(seed: S, functionsFrom: object = seed): SavedState<S> | undefined {
    let text: string;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#report(
          `sandbox: cannot read the state file ${this.#file} (${String(error)}); starting from the seed.`,
        );
      }
      return undefined;
    }
    try {
      return deserializeState(text, seed, functionsFrom);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#report(
        `sandbox: the state file ${this.#file} is unusable: ${reason}. Starting from the seed; it will be overwritten.`,
      );
      return undefined;
    }
  }

  /** Sets what is saved: `snapshot()` returns the file's text (see `serializeState`). */
  track(snapshot: () => string): void {
    this.#snapshot = snapshot;
  }

  /** Saves after `debounceMs` without further calls. */
  scheduleSave(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#save();
    }, this.#debounceMs);
    this.#timer.unref();
  }

  /** Saves now (a pending debounced save included) and waits for the write. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#save();
  }

  #save(): Promise<void> {
    const snapshot = this.#snapshot;
    if (snapshot === undefined) return this.#writing;
    this.#writing = this.#writing.then(async () => {
      try {
        await writeAtomically(this.#file, snapshot());
      } catch (error) {
        this.#report(`sandbox: could not save the state file ${this.#file} (${String(error)}).`);
      }
    });
    return this.#writing;
  }
}

/** Writes `text` to `file` so that a crash leaves the old file or the new one, never half. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  const folder = await open(path.dirname(file), 'r').catch(() => undefined);
  // Folder fsync makes the rename durable; not supported everywhere (Windows), so best effort.
  await folder?.sync().catch(() => undefined);
  await folder?.close();
}

function encode(value: unknown, where: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${where} is ${value}: it cannot be saved`);
    return value;
  }
  if (typeof value === 'function') return { $type: 'Function' };
  if (value instanceof Date) return { $type: 'Date', iso: value.toISOString() };
  if (value instanceof Map) {
    return {
      $type: 'Map',
      entries: [...value].map(([k, v], i) => [
        encode(k, `${where}.key${i}`),
        encode(v, `${where}[${i}]`),
      ]),
    };
  }
  if (value instanceof Set) {
    return { $type: 'Set', values: [...value].map((v, i) => encode(v, `${where}[${i}]`)) };
  }
  if (Array.isArray(value)) return value.map((item, i) => encode(item, `${where}[${i}]`));
  if (isPlain(value)) {
    const encoded: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (field !== undefined) encoded[key] = encode(field, `${where}.${key}`);
    }
    return '$type' in value ? { $type: 'Object', value: encoded } : encoded;
  }
  throw new Error(`${where} is a ${typeof value} that is not plain data: it cannot be saved`);
}

/** `value` decoded; `seeded` is the node at the same path in a fresh seed (for functions). */
function decode(value: unknown, where: string, seeded: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item, i) => decode(item, `${where}[${i}]`, childOf(seeded, i)));
  }
  if (!isPlain(value)) return value;
  switch (value.$type) {
    case undefined:
      return decodeFields(value, where, seeded);
    case 'Object':
      if (!isPlain(value.value)) throw new Error(`its ${where} is a malformed object`);
      return decodeFields(value.value, where, seeded);
    case 'Date': {
      const date = typeof value.iso === 'string' ? new Date(value.iso) : new Date(Number.NaN);
      if (Number.isNaN(date.getTime())) throw new Error(`its ${where} is not a valid date`);
      return date;
    }
    case 'Map':
      if (!Array.isArray(value.entries)) throw new Error(`its ${where} is a Map without entries`);
      return new Map(
        value.entries.map((entry: unknown, i) => {
          if (!Array.isArray(entry) || entry.length !== 2)
            throw new Error(`its ${where}[${i}] is not a [key, value] pair`);
          const key = decode(entry[0], `${where}.key${i}`, undefined);
          return [key, decode(entry[1], `${where}[${i}]`, childOf(seeded, key))];
        }),
      );
    case 'Set':
      if (!Array.isArray(value.values)) throw new Error(`its ${where} is a Set without values`);
      return new Set(
        value.values.map((item: unknown, i) => decode(item, `${where}[${i}]`, undefined)),
      );
    case 'Function':
      if (typeof seeded !== 'function') {
        throw new Error(`its ${where} was a function, and a fresh seed has none there`);
      }
      return seeded;
    default:
      throw new Error(`its ${where} has an unknown $type ${JSON.stringify(value.$type)}`);
  }
}

function decodeFields(
  fields: Record<string, unknown>,
  where: string,
  seeded: unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, decode(v, `${where}.${k}`, childOf(seeded, k))]),
  );
}

function childOf(node: unknown, key: unknown): unknown {
  if (node instanceof Map) return node.get(key);
  if (Array.isArray(node) && typeof key === 'number') return node[key];
  if (isPlain(node) && typeof key === 'string') return node[key];
  return undefined;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Date) return 'date';
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  return typeof value === 'object' ? 'object' : typeof value;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Saves `file` (debounced) after every call that may change state (any method but GET and
 * HEAD, control calls included: they move the clock or drive broadcasts).
 */
export function saveAfterChanges(
  app: FastifyInstance,
  file: StateFile,
  snapshot: () => string,
): void {
  file.track(snapshot);
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') file.scheduleSave();
    done();
  });
}
