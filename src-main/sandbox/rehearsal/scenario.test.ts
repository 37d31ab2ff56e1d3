/**
 * Rehearsal scenarios (scenario.ts, scenario-player.ts) played against a seeded sandbox state
 * on a virtual clock driven by an injected real-time source: no wall clock, no waiting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../kernel/clock';
import { EncoderSimulator } from './encoder';
import { FaultInjector } from '../kernel/faults';
import type { TokenName } from './scenario';
import { loadScenario, parseOffset, ScenarioError } from './scenario';
import { ScenarioPlayer } from './scenario-player';
import { seedState } from '../seed/seed';
import type { ChannelRecord, SandboxState } from '../state/state';

const start = new Date('2025-06-01T12:00:00Z');
const minute = 60_000;
const closers: (() => void)[] = [];

afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function rehearsal(name: string): string {
  return readFileSync(join(__dirname, '../../../resources/rehearsals', name), 'utf8');
}

function setup() {
  const real = { ms: 0 };
  const clock = new VirtualClock(start, () => real.ms);
  const state = seedState(1, start);
  const encoders = new EncoderSimulator(state, clock, { tickMs: 3_600_000 });
  closers.push(() => encoders.close());
  const faults = new FaultInjector();
  const revoked: TokenName[] = [];
  const target = {
    clock,
    state,
    encoders,
    faults,
    revokeToken: (name: TokenName) => revoked.push(name),
  };
  return { real, clock, state, encoders, faults, revoked, target };
}

function channel(state: SandboxState, code: string): ChannelRecord {
  const found = state.channels.find((item) => item.customerCode === code);
  if (found === undefined) throw new Error(`no channel ${code}`);
  return found;
}

function broadcastsOf(state: SandboxState, channelKey: string) {
  return state.broadcasts.filter(
    (item) => item.channelKey === channelKey && (item.startedAt?.getTime() ?? 0) >= start.getTime(),
  );
}

describe('the example scenarios', () => {
  it('every file in resources/rehearsals loads against the seed', () => {
    const dir = join(__dirname, '../../../resources/rehearsals');
    const files = readdirSync(dir).filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const scenario = loadScenario(rehearsal(file), setup().state);
      expect(scenario.events.length, file).toBeGreaterThan(0);
    }
  });
});

describe('scenario offsets', () => {
  it('read 90s, 5m, 1h30m, 0 and plain seconds; refuse anything else', () => {
    expect(parseOffset('90s')).toBe(90_000);
    expect(parseOffset('5m')).toBe(5 * minute);
    expect(parseOffset('1h30m')).toBe(90 * minute);
    expect(parseOffset('0')).toBe(0);
    expect(parseOffset(12)).toBe(12_000);
    for (const bad of ['', 'soon', '5 minutes', '-5m', 'h'])
      expect(parseOffset(bad)).toBeUndefined();
  });
});

describe('loading a scenario', () => {
  it('resolves the example files channels by code or title, sorted by offset', () => {
    const { state } = setup();
    const event = loadScenario(rehearsal('two-hour-event.yaml'), state);
    expect(event).toMatchObject({ name: 'Two-hour event', speed: 30, durationMs: 120 * minute });
    const lectureHall = channel(state, 'EDU-LH101');
    expect(
      event.events.filter(
        (item) => 'channelKey' in item.action && item.action.channelKey === lectureHall.key,
      ),
    ).toHaveLength(3);
    const offsets = event.events.map((item) => item.atMs);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const drill = loadScenario(rehearsal('fault-drill.yaml'), state);
    expect(drill.events.map((item) => item.action.kind)).toContain('fault');
  });

  it('names the line and field of what is wrong, in the operator words', () => {
    const { state } = setup();
    const attempt = (text: string): string => {
      try {
        loadScenario(text, state);
      } catch (error) {
        expect(error).toBeInstanceOf(ScenarioError);
        return (error as Error).message;
      }
      throw new Error('loaded');
    };
    const base = 'name: Drill\nevents:\n  - at: 1m\n';
    expect(attempt(`${base}    encoder: { channel: GAME-ARENA, state: loud }\n`)).toBe(
      'Line 4, events[0].encoder.state: The encoder state must be live or off.',
    );
    expect(attempt(`${base}    encoder: { channel: Nowhere TV, state: live }\n`)).toMatch(
      /^Line 4, events\[0\]\.encoder\.channel: no channel of the sandbox has the code or title "Nowhere TV"/,
    );
    expect(
      attempt('name: Drill\nevents:\n  - at: soon\n    chat: { channel: STU-B, joins: 3 }\n'),
    ).toMatch(/^Line 3, events\[0\]\.at: "soon" is not a time offset/);
    expect(attempt(`${base}    fault: { kind: meltdown }\n`)).toMatch(
      /^Line 4, events\[0\]\.fault\.kind: The fault kind must be/,
    );
    expect(
      attempt(`${base}    chat: { channel: STU-B, joins: 3 }\n    fault: { kind: clear }\n`),
    ).toMatch(/^Line 3, events\[0\]: Each event says one thing/);
    expect(attempt('name: [unclosed\n')).toMatch(/^Line \d+: the YAML does not read/);
    const scheduled = state.channels.find((item) => item.channelType === 'scheduled');
    expect(
      attempt(`${base}    encoder: { channel: "${scheduled?.title ?? ''}", state: live }\n`),
    ).toMatch(/is a scheduled channel: its programs play by themselves/);
  });
});

describe('playing a scenario', () => {
  it('plays the two-hour event at ×60: channels go on and off air at their offsets', () => {
    const { real, clock, state, encoders, target } = setup();
    const arena = channel(state, 'GAME-ARENA');
    const hall = channel(state, 'EDU-LH101');
    const player = new ScenarioPlayer(
      target,
      loadScenario(rehearsal('two-hour-event.yaml'), state),
      {
        speed: 60,
        tickMs: 0,
      },
    );
    expect(clock.speed).toBe(60);
    const onAirAt = new Map<number, { arena: boolean; hall: boolean }>();
    // One real second = one virtual minute: 120 real seconds for the two hours.
    for (let second = 0; second <= 121; second += 1) {
      player.tick();
      encoders.runDue();
      const onAir = (key: string) => broadcastsOf(state, key).some((item) => item.isOnair);
      onAirAt.set(second, { arena: onAir(arena.key), hall: onAir(hall.key) });
      real.ms += 1_000;
    }
    expect(onAirAt.get(1)).toEqual({ arena: false, hall: false });
    expect(onAirAt.get(2)).toEqual({ arena: true, hall: false });
    expect(onAirAt.get(29)?.hall).toBe(false);
    expect(onAirAt.get(30)).toEqual({ arena: true, hall: true });
    // The arena's encoder drops at 50m and is back at 52m: the same broadcast stays on air.
    expect(onAirAt.get(51)?.arena).toBe(true);
    const [arenaBroadcast, ...more] = broadcastsOf(state, arena.key);
    expect(more).toHaveLength(0);
    expect(arenaBroadcast?.startedAt?.toISOString()).toBe('2025-06-01T12:02:00.000Z');
    // Off at 1h40m, ended when the reconnect window (5 min) ran out.
    expect(onAirAt.get(104)?.hall).toBe(true);
    expect(onAirAt.get(105)?.hall).toBe(false);
    const [hallBroadcast] = broadcastsOf(state, hall.key);
    expect(hallBroadcast?.startedAt?.toISOString()).toBe('2025-06-01T12:30:00.000Z');
    expect(hallBroadcast?.endedAt?.toISOString()).toBe('2025-06-01T13:45:00.000Z');
    expect(onAirAt.get(119)?.arena).toBe(true);
    expect(onAirAt.get(120)?.arena).toBe(false);
    expect(arenaBroadcast?.endedAt?.toISOString()).toBe('2025-06-01T14:00:00.000Z');
    // The audience followed the curve's last point; the chat has its regulars.
    expect(arena.audiencePeak).toBe(1500);
    expect(arena.chatRegulars).toBe(120);
    expect(hall.audiencePeak).toBe(450);
    const status = player.status();
    expect(status).toMatchObject({ phase: 'done', applied: status.total, next: null, errors: [] });
    expect(status.elapsed_ms).toBe(120 * minute);
    expect(clock.speed).toBe(1);
  });

  it('plays the two-hour event through in 4 real minutes at ×30 (within the 5 the rehearsal allows)', () => {
    const { real, state, encoders, target } = setup();
    const player = new ScenarioPlayer(
      target,
      loadScenario(rehearsal('two-hour-event.yaml'), state),
      { speed: 30, tickMs: 0 },
    );
    let doneAtS: number | null = null;
    for (let second = 0; second <= 300 && doneAtS === null; second += 1) {
      player.tick();
      encoders.runDue();
      if (player.status().phase === 'done') doneAtS = second;
      real.ms += 1_000;
    }
    expect(doneAtS).toBe(240);
    expect(player.status()).toMatchObject({ phase: 'done', errors: [] });
  });

  it('pauses and resumes with the platform time, and reports the next event', () => {
    const { real, clock, state, target } = setup();
    const player = new ScenarioPlayer(
      target,
      loadScenario(rehearsal('two-hour-event.yaml'), state),
      {
        speed: 30,
        tickMs: 0,
      },
    );
    real.ms += 2_000; // one virtual minute
    expect(player.status()).toMatchObject({
      phase: 'playing',
      elapsed_ms: minute,
      applied: 0,
      next: { at_ms: 2 * minute, summary: 'Esports Arena: encoder on air' },
    });
    player.pause();
    real.ms += 600_000;
    expect(player.status()).toMatchObject({ phase: 'paused', elapsed_ms: minute, applied: 0 });
    expect(clock.paused).toBe(true);
    player.resume();
    real.ms += 2_000;
    expect(player.status()).toMatchObject({ phase: 'playing', elapsed_ms: 2 * minute });
    expect(player.status().applied).toBeGreaterThanOrEqual(1);
    player.stop();
    real.ms += 600_000;
    expect(player.status().phase).toBe('stopped');
    expect(clock.speed).toBe(1);
    expect(clock.paused).toBe(false);
  });

  it('applies the fault drill faults at their offsets and revokes the named token', () => {
    const { real, faults, revoked, state, target } = setup();
    const player = new ScenarioPlayer(target, loadScenario(rehearsal('fault-drill.yaml'), state), {
      speed: 60,
      tickMs: 0,
    });
    const at = (minutes: number) => {
      real.ms = minutes * 1_000;
      player.tick();
    };
    at(5);
    expect(faults.settings).toMatchObject({ latencyMs: 300, latencyMaxMs: 900, errorRate: 0 });
    at(15);
    expect(faults.settings.errorRate).toBe(0.2);
    at(25);
    expect(faults.settings).toMatchObject({ latencyMs: 0, errorRate: 0 });
    at(26);
    expect(faults.settings).toMatchObject({ burst429: 5, retryAfterS: 2 });
    expect(revoked).toEqual([]);
    at(35);
    expect(revoked).toEqual(['admin']);
    at(60);
    expect(faults.settings.burst429).toBe(0);
    expect(player.status()).toMatchObject({ phase: 'done', errors: [] });
  });

  it('records an event the sandbox refuses and goes on', () => {
    const { real, state, target } = setup();
    const disabled = state.channels.find(
      (item) => item.status === 'disabled' && !item.isTrashed && item.channelType !== 'scheduled',
    );
    const text = `name: Refused\nevents:\n  - at: 1m\n    encoder: { channel: "${disabled?.customerCode ?? ''}", state: live }\n  - at: 2m\n    viewers: { channel: STU-B, peak: 10 }\n`;
    const player = new ScenarioPlayer(target, loadScenario(text, state), { speed: 60, tickMs: 0 });
    real.ms = 3_000;
    const status = player.status();
    expect(status).toMatchObject({ phase: 'done', applied: 2 });
    expect(status.errors).toHaveLength(1);
    expect(status.errors[0]?.at_ms).toBe(minute);
    expect(channel(state, 'STU-B').audiencePeak).toBe(10);
  });
});
