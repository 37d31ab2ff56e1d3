/**
 * One Companion connection to OnAir Desk: it follows the desk's feedback stream, keeps the
 * latest picture, and gives Companion the actions, feedbacks, variables and presets built from
 * it (actions.ts, feedbacks.ts, variables.ts, presets.ts). It talks to Companion only through
 * {@link CompanionHost}, the part of `InstanceBase` it uses, so main.ts passes the instance and
 * the tests pass a recorder of what Companion would be told (the library has no test harness).
 */
import { InstanceStatus, type DropdownChoice, type InstanceBase } from '@companion-module/base';
import type { PanelFeedback, PanelLamp } from '../../../src-main/shared/panels-model';
import { actionDefinitions } from './actions';
import { deskTarget, type DeskConfig, type DeskSecrets } from './config';
import { DeskClient, type FetchLike, type LinkState, type PanelCommand } from './desk-client';
import { feedbackDefinitions } from './feedbacks';
import { presetChannels, presetDefinitions } from './presets';
import { figuresStale, variableDefinitions, variableValues } from './variables';

/** What the connection tells Companion: the methods of `InstanceBase` it calls. */
export type CompanionHost = Pick<
  InstanceBase<DeskConfig, DeskSecrets>,
  | 'setActionDefinitions'
  | 'setFeedbackDefinitions'
  | 'setVariableDefinitions'
  | 'setVariableValues'
  | 'setPresetDefinitions'
  | 'checkFeedbacks'
  | 'updateStatus'
  | 'log'
  | 'label'
>;

/** How long, ms, a first press of a two-press command waits for its second (panel-api.ts). */
export const secondPressWithinMs = 2_000;

/** How often, ms, the time-on-air variables move. */
export const clockTickMs = 1_000;

/** The feedbacks drawn from the desk's picture and the link: checked again when either changes. */
const pictureFeedbacks = [
  'onAir',
  'recording',
  'offAir',
  'stale',
  'figuresStale',
  'budgetPaused',
] as const;

/** A running connection; `stop` ends it (idempotent). */
export class DeskConnection {
  readonly #host: CompanionHost;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  #picture: PanelFeedback | null = null;
  #link: LinkState['state'] = 'connecting';
  #client: DeskClient | null = null;
  #unfollow: (() => void) | null = null;
  #ticker: ReturnType<typeof setInterval> | null = null;
  /** The shape the definitions were last built for: channels and titles, on-air ones. */
  #shape = '';
  /**
   * First presses of two-press commands waiting for their second, keyed as the desk keys its
   * wait (panel-api.ts: panel, command and input; the panel is this connection's): JSON of
   * `[command, input]` → until (epoch ms), the command, and the channel it is about ('' when
   * none) for the per-channel feedback. Only an answer to the same command and input, or the
   * window's end, clears one: a press of anything else leaves the desk's wait as it was, so it
   * leaves the amber too.
   */
  #waiting = new Map<string, { until: number; command: string; channelKey: string }>();
  #waitTimer: ReturnType<typeof setTimeout> | null = null;
  /** The values Companion was last given, so each tick sends only what moved. */
  #sent = new Map<string, unknown>();

  /**
   * @param host Companion's side (the module instance).
   * @param options.fetch the HTTP client (default the global `fetch`); options.now the clock,
   *   epoch ms UTC.
   */
  constructor(host: CompanionHost, options: { fetch?: FetchLike; now?: () => number } = {}) {
    this.#host = host;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
  }

  /** The latest picture from the desk, or null before the first. */
  get picture(): PanelFeedback | null {
    return this.#picture;
  }

  /**
   * Starts (or restarts, after a change of settings) following the desk: sets every
   * definition, then the stream's pictures update variables and feedbacks. A setting that
   * cannot be used (another host, no token) sets Companion's status to `bad_config` with the
   * reason and connects nowhere.
   */
  start(config: Partial<DeskConfig> | undefined, secrets: Partial<DeskSecrets> | undefined): void {
    this.stop();
    this.#picture = null;
    this.#shape = '';
    this.#link = 'connecting';
    const target = deskTarget(config, secrets);
    this.#define();
    if ('problem' in target) {
      this.#host.updateStatus(InstanceStatus.BadConfig, target.problem);
      return;
    }
    this.#client = new DeskClient(target.address, target.token, this.#fetch);
    this.#unfollow = this.#client.follow({
      onPicture: (picture) => this.#take(picture),
      onLink: (link) => this.#linkChanged(link),
    });
    this.#ticker = setInterval(() => this.#publish(), clockTickMs);
  }

  /** Stops following the desk; the buttons go stale. */
  stop(): void {
    this.#unfollow?.();
    this.#unfollow = null;
    this.#client = null;
    if (this.#ticker) clearInterval(this.#ticker);
    this.#ticker = null;
    if (this.#waitTimer) clearTimeout(this.#waitTimer);
    this.#waitTimer = null;
    this.#waiting.clear();
    this.#link = 'lost';
  }

  /**
   * Presses `command` with `input`, as a button does. The answer is logged under `label`, the
   * action's name as Companion lists it (`Focus channel`), never the command's id: the desk's
   * own message as it sent it, or the module's sentence when the desk did not answer
   * (desk-client.ts, `unansweredMessage`). A first press of a two-press command marks that
   * command and input as waiting for {@link secondPressWithinMs} (feedback `pressAgain` on its
   * channel, variable `press_again`), until the same command and input is answered again.
   */
  async press(command: PanelCommand, input: Record<string, unknown>, label: string): Promise<void> {
    const client = this.#client;
    if (!client) return this.#host.log('warn', `${label}: not connected to OnAir Desk.`);
    const answer = await client.press(command, input);
    const key = JSON.stringify([command, input]);
    if (answer.outcome === 'pressAgain') {
      // Counted from the answer, which the desk sent after starting its window: the amber
      // never ends before the desk's wait does.
      this.#waiting.set(key, {
        until: this.#now() + secondPressWithinMs,
        command,
        channelKey: this.#channelOfInput(input),
      });
      this.#host.log('info', `${label}: ${answer.message}`);
    } else {
      // The desk answered this very press: its wait for it, if any, is over.
      this.#waiting.delete(key);
      if (answer.outcome === 'done') this.#host.log('info', `${label}: done.`);
      else this.#host.log('warn', `${label}: ${answer.message}`);
    }
    this.#scheduleWaitExpiry();
    this.#publish();
    this.#host.checkFeedbacks('pressAgain');
  }

  /** The channel's lamp now: `stale` unless the stream is open and the desk read it fresh. */
  lampOf(channelKey: string): PanelLamp {
    if (this.#link !== 'open' || !this.#picture) return 'stale';
    return this.#picture.lamps[channelKey] ?? 'stale';
  }

  #define(): void {
    // New definitions: Companion drops the values of variables no longer defined.
    this.#sent = new Map();
    const channels = this.#choices();
    this.#host.setActionDefinitions(
      actionDefinitions({
        channelChoices: () => channels,
        broadcastOf: (key) =>
          this.#picture?.channels.find((c) => c.channelKey === key)?.broadcastKey ?? null,
        press: (command, input, label) => this.press(command, input, label),
        warn: (message) => this.#host.log('warn', message),
      }),
    );
    this.#host.setFeedbackDefinitions(
      feedbackDefinitions({
        channelChoices: () => channels,
        lampOf: (key) => this.lampOf(key),
        figuresStale: (key) => figuresStale(this.#picture, key, this.#link),
        budgetPaused: () => this.#link === 'open' && this.#picture?.budget?.state === 'paused',
        waitsForSecondPress: (key) =>
          [...this.#waiting.values()].some((w) => w.channelKey === key && w.until > this.#now()),
      }),
    );
    this.#host.setVariableDefinitions(variableDefinitions(this.#picture));
    this.#host.setPresetDefinitions(presetDefinitions(this.#picture, this.#host.label));
  }

  #take(picture: PanelFeedback): void {
    this.#picture = picture;
    const shape = JSON.stringify([
      picture.channels.map((c) => [c.channelKey, c.title]),
      presetChannels(picture).map((c) => c.channelKey),
    ]);
    // Channels came or went, or one went on air: the dropdowns, variables and pages follow.
    if (shape !== this.#shape) {
      this.#shape = shape;
      this.#define();
    }
    this.#publish();
    this.#host.checkFeedbacks(...pictureFeedbacks);
  }

  #linkChanged(link: LinkState): void {
    // A retry after a failure keeps the failure on show (no flicker) until the stream opens.
    if (link.state === 'connecting' && (this.#link === 'refused' || this.#link === 'lost')) return;
    this.#link = link.state;
    if (link.state === 'open') this.#host.updateStatus(InstanceStatus.Ok);
    else if (link.state === 'connecting') this.#host.updateStatus(InstanceStatus.Connecting);
    else if (link.state === 'refused')
      this.#host.updateStatus(
        link.status === 401
          ? InstanceStatus.AuthenticationFailure
          : InstanceStatus.ConnectionFailure,
        link.message,
      );
    else this.#host.updateStatus(InstanceStatus.ConnectionFailure, link.message);
    this.#publish();
    this.#host.checkFeedbacks(...pictureFeedbacks);
  }

  #publish(): void {
    const now = this.#now();
    const waiting = [...this.#waiting.values()].find((w) => w.until > now);
    const values = variableValues(this.#picture, now, this.#link, waiting ? waiting.command : null);
    const moved = Object.fromEntries(
      Object.entries(values).filter(
        ([id, value]) => !this.#sent.has(id) || this.#sent.get(id) !== value,
      ),
    );
    for (const [id, value] of Object.entries(moved)) this.#sent.set(id, value);
    if (Object.keys(moved).length > 0) this.#host.setVariableValues(moved);
  }

  #scheduleWaitExpiry(): void {
    if (this.#waitTimer) clearTimeout(this.#waitTimer);
    const now = this.#now();
    for (const [key, wait] of this.#waiting) if (wait.until <= now) this.#waiting.delete(key);
    const next = Math.min(...[...this.#waiting.values()].map((w) => w.until));
    if (!Number.isFinite(next)) return;
    this.#waitTimer = setTimeout(
      () => {
        this.#scheduleWaitExpiry();
        this.#publish();
        this.#host.checkFeedbacks('pressAgain');
      },
      next - now + 10,
    );
  }

  #choices(): DropdownChoice[] {
    return (this.#picture?.channels ?? []).map((c) => ({ id: c.channelKey, label: c.title }));
  }

  /** The channel a press is about (its broadcast's channel), or '' when it names none. */
  #channelOfInput(input: Record<string, unknown>): string {
    if (typeof input.channelKey === 'string') return input.channelKey;
    const broadcastKey = input.broadcastKey;
    return this.#picture?.channels.find((c) => c.broadcastKey === broadcastKey)?.channelKey ?? '';
  }
}
