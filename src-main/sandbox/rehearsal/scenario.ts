/**
 * Rehearsal scenarios: a YAML file describing an event, validated with zod, resolved against
 * a sandbox's channels, and played by scenario-player.ts on the virtual clock.
 *
 * The file:
 * ```yaml
 * name: Two-hour event          # required
 * description: ...              # optional
 * speed: 30                     # optional, 1..60: the speed it plays at unless told otherwise
 * duration: 2h                  # optional; default the offset of the last event
 * events:
 *   - at: 5m                    # offset from the start: 90s, 5m, 1h30m, 0
 *     encoder: { channel: GAME-ARENA, state: live }     # or off (the stream drops)
 *   - at: 6m
 *     viewers: { channel: GAME-ARENA, peak: 3000 }      # or curve: [[0m, 800], [30m, 2400]]
 *   - at: 7m
 *     chat: { channel: GAME-ARENA, joins: 150 }         # regulars who come and go in the chat
 *   - at: 40m
 *     fault: { kind: latency, ms: 400, maxMs: 900 }     # server-error {rate}, burst429
 *                                                       # {calls, retryAfter}, revoke-token
 *                                                       # {token: admin|super_admin|no_scope}, clear
 * ```
 * Channels are named by the seed's customer code or title (case-insensitive) and resolved to
 * keys at load. A viewers curve is the audience model's peak (audience.ts) set at each of its
 * points. Scheduled channels play their programs by themselves (scheduled-output.ts).
 * Errors name the line and the field: `Line 7, events[2].encoder.state: ...`.
 */
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { VirtualClock } from '../kernel/clock';
import type { ChannelRecord, SandboxState } from '../state/state';

/** The names of the sandbox's tokens a scenario may revoke (SandboxInfo.tokens). */
export const tokenNames = ['super_admin', 'admin', 'no_scope'] as const;
/** One of `tokenNames`. */
export type TokenName = (typeof tokenNames)[number];

const durationPattern = /^\s*(?:(\d+)h)?\s*(?:(\d+)m)?\s*(?:(\d+)s)?\s*$/;

/**
 * Milliseconds of an offset written `1h30m`, `5m`, `90s`, `0` (or a plain number of seconds).
 * @returns undefined when the text is not such an offset.
 */
export function parseOffset(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text * 1000 : undefined;
  if (text.trim() === '0') return 0;
  const match = durationPattern.exec(text);
  if (match === null || (match[1] ?? match[2] ?? match[3]) === undefined) return undefined;
  const [hours, minutes, seconds] = [match[1], match[2], match[3]].map((part) => Number(part ?? 0));
  return ((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000;
}

const offset = z.union([z.string(), z.number()]).transform((value, context) => {
  const ms = parseOffset(value);
  if (ms === undefined) {
    context.addIssue({
      code: 'custom',
      message: `"${value}" is not a time offset: write it like 90s, 5m or 1h30m.`,
    });
    return z.NEVER;
  }
  return ms;
});

const channelName = z.string({ error: 'Name the channel by its code or title.' }).min(1);

const encoderEvent = z.strictObject({
  channel: channelName,
  state: z.enum(['live', 'off'], { error: 'The encoder state must be live or off.' }),
});

const viewersEvent = z
  .strictObject({
    channel: channelName,
    peak: z.number().int().min(0).max(1_000_000).optional(),
    curve: z
      .array(z.tuple([offset, z.number().int().min(0).max(1_000_000)]), {
        error:
          'A viewer curve is a list of [offset, viewers] pairs, like [[0m, 800], [30m, 2400]].',
      })
      .min(1)
      .optional(),
  })
  .refine((value) => (value.peak === undefined) !== (value.curve === undefined), {
    message: 'Give the viewers either a peak or a curve, not both and not neither.',
  });

const chatEvent = z.strictObject({
  channel: channelName,
  joins: z.number({ error: 'The chat joins must be a number of people.' }).int().min(0).max(240),
});

const faultEvent = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('latency'),
      ms: z.number().int().min(0).max(60_000),
      maxMs: z.number().int().min(0).max(60_000).optional(),
    }),
    z.strictObject({ kind: z.literal('server-error'), rate: z.number().min(0).max(1) }),
    z.strictObject({
      kind: z.literal('burst429'),
      calls: z.number().int().min(0).max(10_000),
      retryAfter: offset.optional(),
    }),
    z.strictObject({
      kind: z.literal('revoke-token'),
      token: z.enum(tokenNames, { error: 'The token must be super_admin, admin or no_scope.' }),
    }),
    z.strictObject({ kind: z.literal('clear') }),
  ],
  {
    error: 'The fault kind must be latency, server-error, burst429, revoke-token or clear.',
  },
);

const eventSchema = z
  .strictObject({
    at: offset,
    encoder: encoderEvent.optional(),
    viewers: viewersEvent.optional(),
    chat: chatEvent.optional(),
    fault: faultEvent.optional(),
  })
  .refine(
    (event) =>
      [event.encoder, event.viewers, event.chat, event.fault].filter((part) => part !== undefined)
        .length === 1,
    { message: 'Each event says one thing: encoder, viewers, chat or fault.' },
  );

const scenarioSchema = z.strictObject({
  name: z.string({ error: 'The scenario needs a name.' }).min(1),
  description: z.string().optional(),
  speed: z.number().min(VirtualClock.minSpeed).max(VirtualClock.maxSpeed).optional(),
  duration: offset.optional(),
  events: z.array(eventSchema, { error: 'The scenario needs a list of events.' }).min(1),
});

/** A fault change of a scenario. */
export type ScenarioFault = z.infer<typeof faultEvent>;

/** One thing that happens at an offset, with channels resolved to keys. */
export type ScenarioAction =
  | { kind: 'encoder'; channelKey: string; channelTitle: string; state: 'live' | 'off' }
  | { kind: 'viewers'; channelKey: string; channelTitle: string; peak: number }
  | { kind: 'chat'; channelKey: string; channelTitle: string; joins: number }
  | { kind: 'fault'; fault: ScenarioFault };

/** One event: its offset from the start (virtual ms) and its action. */
export interface ScenarioEvent {
  atMs: number;
  action: ScenarioAction;
}

/** A scenario ready to play: events sorted by offset (stable), channels resolved. */
export interface Scenario {
  name: string;
  description: string;
  /** Speed the file asks for (1..60), if any. */
  speed: number | undefined;
  /** Virtual ms from the start to the end of the scenario. */
  durationMs: number;
  events: ScenarioEvent[];
}

/** A scenario that cannot be read; `message` names the line and field, for the operator. */
export class ScenarioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioError';
  }
}

/**
 * Reads, validates and resolves a scenario against the channels of `state`.
 * @throws ScenarioError for YAML that does not parse, a field that is not valid, or a channel
 *   that is not in the sandbox (or is in the trash); the message names the line and field.
 */
export function loadScenario(text: string, state: SandboxState): Scenario {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const yamlError = document.errors[0];
  if (yamlError !== undefined) {
    const line = lines.linePos(yamlError.pos[0]).line;
    throw new ScenarioError(
      `Line ${line}: the YAML does not read: ${yamlError.message.split('\n')[0] ?? ''}`,
    );
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    for (let length = path.length; length >= 0; length -= 1) {
      const node = document.getIn(path.slice(0, length) as unknown[], true) as
        { range?: [number, number, number] } | undefined;
      if (node?.range !== undefined) return lines.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const parsed = scenarioSchema.safeParse(document.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    const line = lineOf(path);
    throw new ScenarioError(
      `${line === undefined ? '' : `Line ${line}, `}${fieldName(path)}: ${issue?.message ?? 'not valid.'}`,
    );
  }
  const file = parsed.data;
  const events: ScenarioEvent[] = [];
  file.events.forEach((event, index) => {
    const where = (part: string): string => {
      const line = lineOf(['events', index, part, 'channel']);
      return `${line === undefined ? '' : `Line ${line}, `}${fieldName(['events', index, part, 'channel'])}`;
    };
    if (event.encoder !== undefined) {
      const channel = resolveChannel(state, event.encoder.channel, where('encoder'));
      if (channel.channelType === 'scheduled') {
        throw new ScenarioError(
          `${where('encoder')}: "${channel.title}" is a scheduled channel: its programs play by themselves, it has no encoder.`,
        );
      }
      events.push({
        atMs: event.at,
        action: { kind: 'encoder', ...named(channel), state: event.encoder.state },
      });
    } else if (event.viewers !== undefined) {
      const channel = resolveChannel(state, event.viewers.channel, where('viewers'));
      const points: [number, number][] = event.viewers.curve ?? [[0, event.viewers.peak ?? 0]];
      for (const [after, peak] of points) {
        events.push({
          atMs: event.at + after,
          action: { kind: 'viewers', ...named(channel), peak },
        });
      }
    } else if (event.chat !== undefined) {
      const channel = resolveChannel(state, event.chat.channel, where('chat'));
      events.push({
        atMs: event.at,
        action: { kind: 'chat', ...named(channel), joins: event.chat.joins },
      });
    } else if (event.fault !== undefined) {
      events.push({ atMs: event.at, action: { kind: 'fault', fault: event.fault } });
    }
  });
  events.sort((a, b) => a.atMs - b.atMs);
  const lastMs = events.at(-1)?.atMs ?? 0;
  return {
    name: file.name,
    description: file.description ?? '',
    speed: file.speed,
    durationMs: Math.max(file.duration ?? 0, lastMs),
    events,
  };
}

/** A short operator-facing line for one action (progress, logs). */
export function describeAction(action: ScenarioAction): string {
  switch (action.kind) {
    case 'encoder':
      return `${action.channelTitle}: encoder ${action.state === 'live' ? 'on air' : 'off'}`;
    case 'viewers':
      return `${action.channelTitle}: audience peak ${action.peak}`;
    case 'chat':
      return `${action.channelTitle}: ${action.joins} in the chat`;
    case 'fault':
      return `fault: ${action.fault.kind}`;
  }
}

function named(channel: ChannelRecord): { channelKey: string; channelTitle: string } {
  return { channelKey: channel.key, channelTitle: channel.title };
}

function resolveChannel(state: SandboxState, name: string, where: string): ChannelRecord {
  const wanted = name.trim().toLowerCase();
  const channel = state.channels.find(
    (item) =>
      !item.isTrashed &&
      (item.customerCode.toLowerCase() === wanted || item.title.toLowerCase() === wanted),
  );
  if (channel === undefined) {
    throw new ScenarioError(
      `${where}: no channel of the sandbox has the code or title "${name}" (a channel in the trash does not count).`,
    );
  }
  return channel;
}

/** `events[2].encoder.state` from a zod path. */
function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the file';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}
