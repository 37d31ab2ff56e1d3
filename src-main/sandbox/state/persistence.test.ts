import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../index';
import { StateFile, deserializeState, serializeState } from './persistence';
import { seedState } from '../seed/seed';
import type { WireBroadcast, WireList } from '../testing/test-support';
import { liveCaller } from '../testing/test-support';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'sandbox-state-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const now = new Date('2025-03-01T12:00:00Z');

describe('serializeState / deserializeState', () => {
  it('round-trips the seeded state and Maps, Sets, Dates and $type keys in any collection', () => {
    const state = {
      ...seedState(3, now),
      extra: {
        byKey: new Map<string, unknown>([
          ['a', { at: new Date('2025-01-01T00:00:00Z'), tags: new Set(['x', 'y']) }],
        ]),
        tricky: { $type: 'Date', iso: 'not a tag, just data' },
        missing: undefined,
        nested: [[null, 0, -1.5, '']],
      },
    };
    // Functions (PRNGs in state) come from the third argument: here the state itself.
    const { state: restored, virtualNowMs } = deserializeState(
      serializeState(state, now.getTime()),
      seedState(3, now),
      state,
    );
    expect(virtualNowMs).toBe(now.getTime());
    const { missing: _missing, ...expectedExtra } = state.extra;
    expect(restored).toEqual({ ...state, extra: expectedExtra });
    expect(restored.broadcasts[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('takes functions (PRNGs kept in state) from the state given for them', () => {
    const draw = () => 0.5;
    const other = () => 0.25;
    const text = serializeState({ live: { random: draw, n: 1 } }, 0);
    const restored = deserializeState(
      text,
      { live: { random: draw, n: 0 } },
      {
        live: { random: other },
      },
    );
    expect(restored.state.live.random).toBe(other);
    expect(() => deserializeState(text, { live: {} }, {})).toThrow(/state.live.random/);
  });

  it('refuses to save what is not data', () => {
    expect(() =>
      serializeState(
        {
          clock: new (class Clock {
            readonly tick = 1;
          })(),
        },
        0,
      ),
    ).toThrow(/state.clock/);
    expect(() => serializeState({ rate: Number.NaN }, 0)).toThrow(/state.rate is NaN/);
  });

  it('names what is wrong with a damaged file and takes missing fields from the seed', () => {
    const seed = seedState(1, now);
    const good = JSON.parse(serializeState(seed, 0)) as { state: Record<string, unknown> };
    expect(() => deserializeState('{"format":', seed)).toThrow(/not valid JSON/);
    expect(() => deserializeState(JSON.stringify({ ...good, version: 9 }), seed)).toThrow(
      /version 9/,
    );
    // Version 1 kept side maps beside the records and one id counter per API: refused, named.
    expect(() => deserializeState(JSON.stringify({ ...good, version: 1 }), seed)).toThrow(
      /version 1; this sandbox reads version 2/,
    );
    const wrongKind = { ...good, state: { ...good.state, channels: 'none' } };
    expect(() => deserializeState(JSON.stringify(wrongKind), seed)).toThrow(
      /state.channels is a string, not a list/,
    );
    const { mediaContents: _dropped, ...older } = good.state;
    const restored = deserializeState(JSON.stringify({ ...good, state: older }), seed);
    expect(restored.state.mediaContents).toEqual(seed.mediaContents);
  });
});

describe('--state FILE', () => {
  it('keeps changes and the platform time across a restart, writing atomically', async () => {
    const file = path.join(folder, 'state.json');
    const first = await startSandbox({ rateLimit: false, stateFile: file, startAt: now });
    const live = liveCaller(first.info, first.info.tokens.super_admin);
    const list = await live.get<WireList<WireBroadcast>>('/broadcasts?is_onair=1');
    const key = list.body.data[0]?.key ?? '';
    expect((await live.put(`/broadcasts/${key}`, { title: 'Kept Across Restarts' })).status).toBe(
      200,
    );
    first.clock.advance(86_400_000);
    const advancedMs = first.clock.nowMs();
    await first.close();
    expect(readdirSync(folder)).toEqual(['state.json']);

    const second = await startSandbox({ rateLimit: false, stateFile: file, startAt: now });
    try {
      const again = liveCaller(second.info, second.info.tokens.super_admin);
      const broadcast = await again.get<{ data: WireBroadcast }>(`/broadcasts/${key}`);
      expect(broadcast.body.data.title).toBe('Kept Across Restarts');
      expect(second.clock.nowMs()).toBeGreaterThanOrEqual(advancedMs);
    } finally {
      await second.close();
    }
  });

  it('saves shortly after a change, before any close', async () => {
    const file = path.join(folder, 'state.json');
    const sandbox = await startSandbox({ rateLimit: false, stateFile: file });
    try {
      const live = liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
      const list = await live.get<WireList<WireBroadcast>>('/broadcasts');
      await live.put(`/broadcasts/${list.body.data[0]?.key ?? ''}`, { title: 'Debounced Save' });
      await vi.waitFor(() => expect(readFileSync(file, 'utf8')).toContain('Debounced Save'), {
        timeout: 3000,
      });
    } finally {
      await sandbox.close();
    }
  });

  it('reports a corrupt file on stderr and starts from the seed instead of crashing', async () => {
    const file = path.join(folder, 'state.json');
    writeFileSync(file, '{"format":"onair-sandbox-state","version":1,"state":{tru');
    const reports: string[] = [];
    const loaded = new StateFile(file, (message) => reports.push(message)).load(seedState(1, now));
    expect(loaded).toBeUndefined();
    expect(reports.join('\n')).toMatch(/state\.json is unusable: it is not valid JSON.*seed/);

    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const sandbox = await startSandbox({ rateLimit: false, stateFile: file });
    await sandbox.close();
    expect(stderr.mock.calls.map((call) => String(call[0])).join('')).toMatch(/unusable/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 2 });
  });
});
