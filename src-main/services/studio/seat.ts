/**
 * This desk as a seat of a studio hub (hub.ts): it pins the hub's certificate, pairs once with
 * a pairing code, keeps its credential in the OS keychain, and then serves every view and
 * command of the hub through a core of the same shape as the desk's own, so the browser host
 * serves a seat's page unchanged. Tokens stay at the hub: the seat never has one.
 *
 * - Every connection checks the hub certificate's SHA-256 fingerprint against the pinned one
 *   and is refused on a mismatch, before any request is written.
 * - `studio.status` is answered by the seat itself (its link); the hub's other studio
 *   commands are the hub operator's.
 * - An operator seat's `upload.enqueue` first streams its files to the hub over the same
 *   pinned link (seat-files.ts): the hub's queue reads the hub's copies, never a seat's path.
 */
import { fetch, type Agent } from 'undici';
import {
  commands,
  isCommandName,
  type CommandName,
  type EventMap,
  type EventName,
} from '../../shared/bridge';
import { neverConnected } from '../../platform/connect-failure';
import { say } from '../../shared/i18n/say';
import type { MessageKey, MessageRef } from '../../shared/i18n/message';
import { commandTextKeys } from '../../shared/command-texts';
import { fail, ok, type DeskError, type Result } from '../../shared/result';
import type { LeftUpload, SeatLink, SeatRole, StudioStatus } from '../../shared/studio-model';
import type { CallContext } from '../core/command-registry';
import { normalizeFingerprint } from './certificate';
import type { StudioCore } from './studio-core';
import { PresenceEcho } from './presence';
import { enqueueThroughHub, FileLinkError, sendSeatFile } from './seat-files';
import type { EnqueueResult, UploadTarget } from '../../shared/uploads';
import { FingerprintMismatchError, pinnedAgent, readServerSentEvents, unwrap } from './link';

export { FingerprintMismatchError, pinnedAgent } from './link';
export { JoinRefusedError, pairSeat, rejoinSeat, seatSecretName } from './seat-pairing';

/** A seat's core: the hub's commands and events through the pinned, credentialed link. */
export interface SeatCore extends StudioCore {
  /** The link as `studio.status` shows it. */
  link(): SeatLink;
  rereadWatches(): void;
  /**
   * When this link last heard its hub (its stream opened, or any event on it, the hub's
   * once-a-second `studio.beat` included), epoch ms UTC on the seat's clock; when the link was
   * made until then. The failover seat counts the hub's silence from it.
   */
  heardAt(): number;
  /**
   * Gives up on every command waiting for this link's answer: each is answered "unknown:
   * re-read" (it may have run) and never sent again. Called when the seat moves to another
   * address, e.g. a hub frozen with its socket open while its backup took over.
   */
  abandonInFlight(): void;
  dispose(): Promise<void>;
}

/**
 * The core of a seat joined to `hubUrl` with `credential`: commands go to the hub's pipeline,
 * events come from its stream (reconnected after 1 s while not revoked).
 * @param options.onState told when the link's state changes.
 * @param options.now the seat's clock, epoch ms UTC (when it last heard the hub; default the
 *   system's).
 */
export function seatCore(options: {
  hubUrl: string;
  fingerprint: string;
  credential: string;
  seatName: string;
  role: SeatRole;
  onState?: (state: SeatLink['state']) => void;
  agent?: Agent;
  now?: () => number;
}): SeatCore {
  const now = options.now ?? Date.now;
  let heardAt = now();
  const agent: Agent = options.agent ?? pinnedAgent(options.fingerprint);
  const headers = { authorization: `Seat ${options.credential}` };
  const listeners = new Set<<E extends EventName>(event: E, payload: EventMap[E]) => void>();
  let state: SeatLink['state'] = 'connecting';
  let stream: AbortController | null = null;
  let closed = false;
  // What the pages last said of their presence: said again whenever the stream (re)opens,
  // since the hub forgets a seat's pages when its stream closes (presence.ts).
  const echo = new PresenceEcho();
  let connected: () => void = () => undefined;
  /** Commands waiting for the hub's answer (abandonInFlight aborts them). */
  const inFlight = new Set<AbortController>();
  const setState = (next: SeatLink['state']) => {
    if (state === next || state === 'revoked') return;
    state = next;
    options.onState?.(next);
  };

  const openStream = async () => {
    while (!closed && state !== 'revoked') {
      stream = new AbortController();
      try {
        const response = await fetch(new URL('/events', options.hubUrl), {
          headers,
          dispatcher: agent,
          signal: stream.signal,
        });
        if (response.status === 401) {
          setState('revoked');
          return;
        }
        if (!response.ok || !response.body) throw new Error(`The hub answered ${response.status}.`);
        heardAt = now();
        setState('connected');
        connected();
        await readServerSentEvents(response.body, (event, data) => {
          heardAt = now();
          for (const listener of listeners) listener(event as EventName, data as never);
        });
      } catch {
        // The hub went away or the pin failed: try again below.
      }
      if (closed) return;
      setState('disconnected');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  let started = false;

  const link = (): SeatLink => ({
    hubUrl: options.hubUrl,
    fingerprint: normalizeFingerprint(options.fingerprint),
    seatName: options.seatName,
    role: options.role,
    state,
  });

  const core: SeatCore = {
    link,
    async invoke(command, input, context: CallContext): Promise<Result<unknown>> {
      if (command === 'studio.status') return ok(seatStatus(link()));
      if (typeof command === 'string' && command.startsWith('studio.'))
        return fail({ code: 'forbidden', ...say('studio.errors.hubOnly') });
      if (command === 'presence.report') echo.remember(context.clientId, input);
      const waiting = new AbortController();
      inFlight.add(waiting);
      const signal = context.signal
        ? AbortSignal.any([waiting.signal, context.signal])
        : waiting.signal;
      const rpc = async (sent: unknown): Promise<Result<unknown>> => {
        const response = await fetch(new URL(`/rpc/${String(command)}`, options.hubUrl), {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'x-desk-client': context.clientId,
          },
          body: JSON.stringify({
            input: sent,
            ...(context.confirmation ? { confirmation: context.confirmation } : {}),
            ...wayInOf(context),
          }),
          dispatcher: agent,
          signal,
        });
        if (response.status === 401) setState('revoked');
        return (await response.json()) as Result<unknown>;
      };
      try {
        // The hub reads files on its own disk: an operator seat's files go there first
        // (seat-files.ts); an observer's enqueue is refused by the hub's pipeline as it is.
        if (command === 'upload.enqueue' && options.role === 'operator' && isEnqueueInput(input)) {
          const answer = await enqueueThroughHub(
            input,
            (path) => sendSeatFile({ hubUrl: options.hubUrl, agent, headers, path, signal }),
            async (hubInput) => {
              const result = await rpc(hubInput);
              return result.ok
                ? { ok: true, data: result.data as EnqueueResult }
                : { ok: false, answer: result };
            },
          );
          return answer.ok ? ok(answer.data) : (answer.answer as Result<unknown>);
        }
        return await rpc(input);
      } catch (error) {
        // A file on its way when the link failed: the enqueue itself was never sent.
        if (error instanceof FileLinkError) {
          const cause = unwrap(error.cause);
          return fail(
            cause instanceof FingerprintMismatchError
              ? linkFailure(String(command), cause)
              : {
                  code: 'network',
                  ...say('studio.errors.hubUnreachable', { detail: cause.message }),
                },
          );
        }
        return fail(linkFailure(String(command), unwrap(error)));
      } finally {
        inFlight.delete(waiting);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!started) {
        started = true;
        void openStream();
      }
      return () => listeners.delete(listener);
    },
    dropClient(clientId) {
      echo.forget(clientId);
      void fetch(new URL('/studio/drop-client', options.hubUrl), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId }),
        dispatcher: agent,
      }).catch(() => undefined);
    },
    rereadWatches() {
      // The hub's watches are the hub's: it re-reads them after its own sleep.
    },
    heardAt: () => heardAt,
    abandonInFlight() {
      for (const waiting of inFlight) waiting.abort();
      inFlight.clear();
    },
    async dispose() {
      closed = true;
      stream?.abort();
      listeners.clear();
      if (!options.agent) await agent.close();
    },
  };
  connected = () => {
    for (const said of echo.replay())
      void core.invoke('presence.report', said.input, { clientId: said.clientId });
  };
  return core;
}

/**
 * What a seat's command that got no answer from the hub tells the operator: "the hub does not
 * answer" when the request never left (no connection, or the pin refused it), and otherwise
 * "unknown: re-read": it may have run at the hub before it went silent, and it is never sent
 * again on its own (docs/dev/architecture.md, "The takeover protocol").
 */
export function linkFailure(command: string, cause: Error): DeskError {
  if (cause instanceof FingerprintMismatchError)
    return { code: 'network', ...say('studio.errors.fingerprintMismatch', { got: cause.got }) };
  if (neverConnected(cause))
    return { code: 'network', ...say('studio.errors.hubUnreachable', { detail: cause.message }) };
  const title: MessageRef | string =
    command in commands
      ? { key: commandTextKeys(command as CommandName).title as MessageKey }
      : command;
  return { code: 'network', ...say('studio.errors.outcomeUnknown', { command: title }) };
}

/**
 * A seat's answer to `studio.status`, which the seat gives itself (it hosts nothing, pairs
 * nothing): its link to the hub and, for a seat that fails over, the files it queued at an
 * address it has left (absent for a plain seat).
 */
export function seatStatus(link: SeatLink, uploadsLeftBehind?: LeftUpload[]): StudioStatus {
  return {
    hosting: null,
    seats: [],
    codes: [],
    pairingLockedUntil: null,
    seat: link,
    ...(uploadsLeftBehind ? { uploadsLeftBehind } : {}),
  };
}

/** Whether a seat's failed command surely never reached the hub (see {@link linkFailure}). */
export function surelyNotSent(error: DeskError): boolean {
  return error.text?.key === 'studio.errors.hubUnreachable';
}

/**
 * The way in a seat's call came by on this desk, for the hub to journal and check (hub.ts,
 * `seatCallMeta`): a button, a key, the palette, a panel with its name and ticked commands;
 * nothing when the call does not say (the hub then journals `seat`).
 */
function wayInOf(context: CallContext): {
  via?: 'button' | 'key' | 'palette' | 'panel';
  panel?: string;
  panelCommands?: readonly string[];
} {
  const via = context.via;
  if (via === 'panel')
    return {
      via,
      ...(context.panel ? { panel: context.panel } : {}),
      ...(context.panelCommands ? { panelCommands: context.panelCommands } : {}),
    };
  return via === 'button' || via === 'key' || via === 'palette' ? { via } : {};
}

/**
 * Whether `command` runs on this desk while it is a seat: this desk's own (`workstation`
 * scope: language, operator name, notifications, shortcuts, panels, download folder,
 * diagnostics, updates, view state) and the studio's (`studio.*`: this desk joining or leaving,
 * its link; what would administer a studio is refused there while it is a seat,
 * studio-commands.ts). Everything else goes to the hub, where the ways-in table decides
 * (shared/commands/ways-in.ts).
 */
export function staysOnSeat(command: unknown): boolean {
  return (typeof command === 'string' && command.startsWith('studio.')) || isOwnDesks(command);
}

/** Whether `command` is declared a desk's own (`workstation` scope: never sent to a hub). */
export function isOwnDesks(command: unknown): boolean {
  return (
    typeof command === 'string' &&
    isCommandName(command) &&
    commands[command].scope === 'workstation'
  );
}

/** Whether `input` has the shape of `upload.enqueue`'s (the hub validates it fully). */
function isEnqueueInput(input: unknown): input is { paths: string[]; target: UploadTarget } {
  const given = input as { paths?: unknown; target?: unknown } | null;
  return (
    Array.isArray(given?.paths) &&
    given.paths.every((path) => typeof path === 'string') &&
    typeof given.target === 'object' &&
    given.target !== null
  );
}
