/**
 * A client of the sandbox's scenario control (`/__sandbox/scenarios`, `/__sandbox/scenario`,
 * src-main/sandbox/control/control-scenario.ts) at the origin of the sandbox workspace's live
 * base URL, through the one sandbox-control client (sandbox-control.ts). Loopback only; not
 * platform operations, no API budget.
 */
import { PlatformError, errorFromResponse } from '../../platform/errors';
import type { ScenarioListingView, ScenarioView } from '../../shared/commands/rehearsal';
import { sandboxControl, type ControlRequest } from './sandbox-control';

/** A scenario's progress as the sandbox answers it (snake_case, ms of platform time). */
interface WireScenario {
  name: string;
  phase: ScenarioView['phase'];
  elapsed_ms: number;
  duration_ms: number;
  speed: number;
  applied: number;
  total: number;
  next: { at_ms: number; summary: string } | null;
  errors: { at_ms: number; summary: string; message: string }[];
}

/** An example scenario as the sandbox lists it. */
interface WireListing {
  file: string;
  name: string;
  description: string;
  duration_ms: number;
}

/** The scenario control of the sandbox whose live base URL is `liveBaseUrl`. */
export interface ScenarioControl {
  /** The example scenarios. @throws PlatformError */
  list(signal?: AbortSignal): Promise<ScenarioListingView[]>;
  /** The scenario playing, null when none was started. @throws PlatformError */
  current(signal?: AbortSignal): Promise<ScenarioView | null>;
  /** Plays the example `file` at `speed` (1..60). @throws PlatformError (422 in its words) */
  play(file: string, speed: number | undefined, signal?: AbortSignal): Promise<ScenarioView>;
  /** Pauses, resumes or stops the scenario. @throws PlatformError */
  control(action: 'pause' | 'resume' | 'stop', signal?: AbortSignal): Promise<ScenarioView | null>;
}

/**
 * The control at the origin of `liveBaseUrl`.
 * @throws PlatformError `forbidden` when that origin is not on this machine.
 */
export function scenarioControl(liveBaseUrl: string): ScenarioControl {
  const control = sandboxControl(liveBaseUrl);
  const call = async (path: string, request: ControlRequest): Promise<unknown> => {
    const answer = await control.send(path, request);
    if (!answer.ok) throw new PlatformError(errorFromResponse(answer.status, answer.body));
    return (answer.body as { data?: unknown } | null)?.data ?? null;
  };
  const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});
  return {
    async list(signal) {
      const data = await call('/scenarios', { ...withSignal(signal) });
      return (Array.isArray(data) ? (data as WireListing[]) : []).map((item) => ({
        file: item.file,
        name: item.name,
        description: item.description,
        durationMs: item.duration_ms,
      }));
    },
    async current(signal) {
      const data = await call('/scenario', { ...withSignal(signal) });
      return data === null ? null : toView(data as WireScenario);
    },
    async play(file, speed, signal) {
      const data = await call('/scenario', {
        method: 'POST',
        body: speed === undefined ? { name: file } : { name: file, speed },
        ...withSignal(signal),
      });
      return toView(data as WireScenario);
    },
    async control(action, signal) {
      const data = await call(`/scenario/${action}`, {
        method: 'POST',
        body: {},
        ...withSignal(signal),
      });
      return data === null ? null : toView(data as WireScenario);
    },
  };
}

function toView(wire: WireScenario): ScenarioView {
  return {
    name: wire.name,
    phase: wire.phase,
    elapsedMs: wire.elapsed_ms,
    durationMs: wire.duration_ms,
    speed: wire.speed,
    applied: wire.applied,
    total: wire.total,
    next: wire.next === null ? null : { atMs: wire.next.at_ms, summary: wire.next.summary },
    errors: wire.errors.map((item) => ({
      atMs: item.at_ms,
      summary: item.summary,
      message: item.message,
    })),
  };
}
