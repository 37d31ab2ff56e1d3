/**
 * The sandbox's one scenario at a time (scenario.ts, scenario-player.ts): the examples in
 * `resources/rehearsals/`, starting one by name or from YAML text, and its controls. Used by
 * `/__sandbox/scenario` (control/control-scenario.ts) and the CLI's `--scenario`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './scenario';
import { loadScenario, ScenarioError } from './scenario';
import type { ScenarioStatus, ScenarioTarget } from './scenario-player';
import { ScenarioPlayer } from './scenario-player';

/**
 * The folder of the example scenarios: `resources/rehearsals/` from this module's location
 * (source tree), else from the working directory (the app runs from the repo root); null when
 * neither exists.
 */
export function rehearsalsDirectory(): string | null {
  const candidates = [
    fileURLToPath(new URL('../../resources/rehearsals/', import.meta.url)),
    fileURLToPath(new URL('../../../resources/rehearsals/', import.meta.url)),
    path.join(process.cwd(), 'resources', 'rehearsals'),
  ];
  return candidates.find((dir) => existsSync(dir)) ?? null;
}

/** One example scenario: its file name without `.yaml`, its name and description. */
export interface ScenarioListing {
  file: string;
  name: string;
  description: string;
  /** Virtual ms of the whole scenario. */
  duration_ms: number;
}

/** Holds the scenario being played (at most one); starting another stops it. */
export class ScenarioDesk {
  readonly #target: ScenarioTarget;
  readonly #tickMs: number | undefined;
  #player: ScenarioPlayer | undefined;

  /** @param tickMs real ms between the player's ticks (0 in tests: they call `status()`). */
  constructor(target: ScenarioTarget, tickMs?: number) {
    this.#target = target;
    this.#tickMs = tickMs;
  }

  /** The example scenarios that load against this sandbox, by file name. */
  list(): ScenarioListing[] {
    const dir = rehearsalsDirectory();
    if (dir === null) return [];
    const listings: ScenarioListing[] = [];
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.yaml'))
      .sort()) {
      try {
        const scenario = loadScenario(
          readFileSync(path.join(dir, file), 'utf8'),
          this.#target.state,
        );
        listings.push({
          file: file.slice(0, -'.yaml'.length),
          name: scenario.name,
          description: scenario.description,
          duration_ms: scenario.durationMs,
        });
      } catch {
        // A file that does not load against this sandbox is not offered.
      }
    }
    return listings;
  }

  /**
   * Loads the example `name` (file name, with or without `.yaml`) or the YAML `text`, and plays
   * it at `speed` (default the file's own, else the clock's), stopping any scenario playing.
   * @throws ScenarioError for an unknown example or a file that does not load (line and field);
   *   RangeError for a speed outside 1..60.
   */
  start(source: { name: string } | { yaml: string }, speed?: number): ScenarioStatus {
    const scenario = this.#read(source);
    this.#player?.stop();
    this.#player = new ScenarioPlayer(this.#target, scenario, {
      ...(speed === undefined ? {} : { speed }),
      ...(this.#tickMs === undefined ? {} : { tickMs: this.#tickMs }),
    });
    return this.#player.status();
  }

  /** The scenario's progress; null when none was started. */
  status(): ScenarioStatus | null {
    return this.#player?.status() ?? null;
  }

  /** Pauses the scenario and the platform's time. @returns the status, null when none. */
  pause(): ScenarioStatus | null {
    this.#player?.pause();
    return this.status();
  }

  /** Resumes the scenario. @returns the status, null when none. */
  resume(): ScenarioStatus | null {
    this.#player?.resume();
    return this.status();
  }

  /** Stops the scenario; the clock runs on at ×1. @returns the status, null when none. */
  stop(): ScenarioStatus | null {
    this.#player?.stop();
    return this.status();
  }

  #read(source: { name: string } | { yaml: string }): Scenario {
    if ('yaml' in source) return loadScenario(source.yaml, this.#target.state);
    const file = path.basename(source.name).replace(/\.yaml$/, '');
    const dir = rehearsalsDirectory();
    const full = dir === null ? null : path.join(dir, `${file}.yaml`);
    if (full === null || !existsSync(full)) {
      throw new ScenarioError(`There is no example scenario named "${source.name}".`);
    }
    return loadScenario(readFileSync(full, 'utf8'), this.#target.state);
  }
}
