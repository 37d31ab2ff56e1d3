/**
 * The hardware panels the operator added and the control API's setting
 * (`<data folder>/panels.json`, written atomically, validated on read: services/core/local-state.ts).
 * Each panel has its own bearer token, made here and answered once by `add`; the file keeps only
 * the token's SHA-256 hash, so a token is never written, logged, audited or put in diagnostics.
 * The control API is off until the operator turns it on.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { JsonStateFile } from '../core/local-state';
import type { MessageRef } from '../../shared/i18n/message';
import { panelOfferedCommands } from '../../shared/panel-offers';
import {
  defaultPanelPort,
  legacyPanelCommands,
  maxTitlePresets,
  type AddedPanel,
  type PanelSummary,
  type PanelsState,
} from '../../shared/panels-model';

/** How many panels may be added (a studio has a handful). */
export const maxPanels = 32;

const panelsSchema = z.object({
  version: z.literal(1),
  enabled: z.boolean(),
  port: z.number().int().min(0).max(65535),
  panels: z
    .array(
      z.object({
        id: z.string().regex(/^pnl-[0-9a-f]{12}$/),
        name: z.string().trim().min(1).max(60),
        /** SHA-256 of the token, hex. */
        tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
        addedAt: z.number().int().nonnegative(),
        lastUsedAt: z.number().int().nonnegative().nullable(),
        /**
         * The ticked commands. Absent in a file written before commands were ticked per panel:
         * such a panel keeps the three it could run then ({@link legacyPanelCommands}), so an
         * upgrade mid-show changes no button; a panel added now starts with none, so a new
         * token can do nothing until the operator says what it may do.
         */
        commands: z.array(z.string().max(100)).max(100).optional(),
        titles: z.array(z.string().trim().min(1).max(200)).max(maxTitlePresets).optional(),
      }),
    )
    .max(maxPanels),
});

type PanelsFile = z.infer<typeof panelsSchema>;
type StoredPanel = PanelsFile['panels'][number];

/**
 * A stored panel as this version keeps it: its ticks (legacy ones for a panel without) reduced
 * to the commands still offered to panels, so a command an upgrade stops offering is never run.
 */
function current(panel: StoredPanel): StoredPanel {
  const offered: readonly string[] = panelOfferedCommands();
  const ticked = panel.commands ?? [...legacyPanelCommands];
  return {
    ...panel,
    commands: offered.filter((name) => ticked.includes(name)),
    titles: panel.titles ?? [],
  };
}

/** The SHA-256 of a token, hex: what the file keeps. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The panels and the control API's setting, kept in `panels.json`. */
export class PanelRegistry {
  readonly #file: JsonStateFile<PanelsFile>;
  #state: PanelsFile;
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  /** When each panel's last use was last written (at most once a minute per panel). */
  #lastWritten = new Map<string, number>();
  /** Where the host's control API listens now, or why it could not start. */
  #status: { listening: string | null; problem: string | null } = {
    listening: null,
    problem: null,
  };

  private constructor(file: JsonStateFile<PanelsFile>, state: PanelsFile, now: () => number) {
    this.#file = file;
    this.#state = state;
    this.#now = now;
  }

  /**
   * Reads `panels.json` of `dataDir` (missing: off, no panels).
   * @param now the clock, epoch ms UTC (added and last-used times).
   * @returns the registry and, when the file was damaged and set aside, the notice to show.
   */
  static async open(
    dataDir: string,
    now: () => number,
  ): Promise<{ registry: PanelRegistry; notice?: string; noticeText?: MessageRef }> {
    const file = new JsonStateFile<PanelsFile>(
      join(dataDir, 'panels.json'),
      panelsSchema,
      () => ({ version: 1, enabled: false, port: defaultPanelPort, panels: [] }),
      'hardware panels',
    );
    const read = await file.read();
    const state = { ...read.value, panels: read.value.panels.map(current) };
    return {
      registry: new PanelRegistry(file, state, now),
      ...(read.notice ? { notice: read.notice } : {}),
      ...(read.noticeText ? { noticeText: read.noticeText } : {}),
    };
  }

  /** Whether the control API is on. */
  get enabled(): boolean {
    return this.#state.enabled;
  }

  /** The loopback port it listens on. */
  get port(): number {
    return this.#state.port;
  }

  /** The panels, oldest first, without their hashes. */
  list(): PanelSummary[] {
    return this.#state.panels.map(summary);
  }

  /** The setting, where the API listens and the panels, as Settings shows them. */
  state(): PanelsState {
    return { enabled: this.enabled, port: this.port, ...this.#status, panels: this.list() };
  }

  /**
   * Told by the host (hosts/panel-api.ts) where the control API listens, or why it could not
   * start; null and null while it is off.
   */
  setStatus(listening: string | null, problem: string | null): void {
    this.#status = { listening, problem };
  }

  /** Listens to every change of the setting or the panels; returns the function that stops. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Adds a panel named `name` with a new random token (32 bytes, base64url, `odp_` first).
   * @returns the panel and its token: the only time the token is ever given out.
   * @throws Error when {@link maxPanels} panels exist already, or the file cannot be written.
   */
  async add(name: string): Promise<AddedPanel> {
    if (this.#state.panels.length >= maxPanels)
      throw new Error(`At most ${maxPanels} panels can be added.`);
    const token = `odp_${randomBytes(32).toString('base64url')}`;
    const panel: StoredPanel = {
      id: `pnl-${randomBytes(6).toString('hex')}`,
      name: name.trim(),
      tokenHash: tokenHash(token),
      addedAt: this.#now(),
      lastUsedAt: null,
      commands: [],
      titles: [],
    };
    await this.#save({ ...this.#state, panels: [...this.#state.panels, panel] });
    return { panel: summary(panel), token };
  }

  /**
   * Revokes a panel: its token is forgotten, so its next request is refused.
   * @returns false when no panel has that id.
   */
  async revoke(id: string): Promise<boolean> {
    const panels = this.#state.panels.filter((panel) => panel.id !== id);
    if (panels.length === this.#state.panels.length) return false;
    await this.#save({ ...this.#state, panels });
    return true;
  }

  /**
   * Sets what a panel may run: the ticked commands (kept in the order of the declarations) and
   * the preset titles of `broadcast.rename` (trimmed, blanks dropped).
   * @returns false when no panel has that id.
   * @throws RangeError naming the first command not offered to panels, or when more than
   *   {@link maxTitlePresets} titles or a title over 200 characters are given.
   */
  async setCommands(id: string, commands: readonly string[], titles: readonly string[] = []) {
    const offered: readonly string[] = panelOfferedCommands();
    const foreign = commands.find((name) => !offered.includes(name));
    if (foreign !== undefined) throw new RangeError(`${foreign} is not offered to panels.`);
    const kept = titles.map((title) => title.trim()).filter((title) => title !== '');
    if (kept.length > maxTitlePresets || kept.some((title) => title.length > 200))
      throw new RangeError(`At most ${maxTitlePresets} titles of 200 characters.`);
    if (!this.#state.panels.some((panel) => panel.id === id)) return false;
    const panels = this.#state.panels.map((panel) =>
      panel.id === id
        ? { ...panel, commands: offered.filter((name) => commands.includes(name)), titles: kept }
        : panel,
    );
    await this.#save({ ...this.#state, panels });
    return true;
  }

  /** Turns the control API on or off, and sets its port when given. */
  async setEnabled(enabled: boolean, port?: number): Promise<void> {
    await this.#save({ ...this.#state, enabled, port: port ?? this.#state.port });
  }

  /**
   * The panel whose token this is, or null (unknown or revoked). Compares hashes in constant
   * time. A match stamps the panel's last use (written to the file at most once a minute).
   */
  verify(token: string): PanelSummary | null {
    const given = Buffer.from(tokenHash(token), 'hex');
    let found: StoredPanel | null = null;
    for (const panel of this.#state.panels) {
      if (timingSafeEqual(Buffer.from(panel.tokenHash, 'hex'), given)) found = panel;
    }
    if (!found) return null;
    const at = this.#now();
    found.lastUsedAt = at;
    if (at - (this.#lastWritten.get(found.id) ?? 0) >= 60_000) {
      this.#lastWritten.set(found.id, at);
      void this.#file.write(this.#state).catch(() => undefined);
      this.#emit();
    }
    return summary(found);
  }

  async #save(next: PanelsFile): Promise<void> {
    await this.#file.write(next);
    this.#state = next;
    this.#emit();
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }
}

function summary(panel: StoredPanel): PanelSummary {
  return {
    id: panel.id,
    name: panel.name,
    addedAt: panel.addedAt,
    lastUsedAt: panel.lastUsedAt,
    commands: [...(panel.commands ?? [])],
    titles: [...(panel.titles ?? [])],
  };
}
