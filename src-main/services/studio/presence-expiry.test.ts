/**
 * The lifetime of a presence entry (presence.ts), on a hand-driven clock: a page that keeps
 * saying where it is (its heartbeat) stays; a page that goes silent, as a seat that lost its
 * network does while the hub's stream to it still looks open, leaves the picture
 * `presenceLifetimeMs` after its last report, and every page sees it leave.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock';
import {
  presenceHeartbeatMs,
  presenceLifetimeMs,
  type PresencePicture,
} from '../../shared/presence-model';
import { PresenceBoard } from './presence';

/** A clock only the test moves: `advance` runs every timer due, in order. */
class HandClock implements Clock {
  #now = Date.UTC(2026, 10, 26, 21, 0, 0);
  #next = 1;
  readonly #timers = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Timers still set. */
  get pending(): number {
    return this.#timers.size;
  }

  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const due = [...this.#timers]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at);
      const first = due[0];
      if (!first) break;
      this.#timers.delete(first[0]);
      this.#now = Math.max(this.#now, first[1].at);
      first[1].fn();
    }
    this.#now = end;
  }
}

const at = (channelKey: string) => ({ channelKey, channelTitle: channelKey, editing: null });

function board(clock: HandClock) {
  const heard: PresencePicture[] = [];
  const presence = new PresenceBoard({
    now: () => clock.now(),
    timers: clock,
    emit: (picture) => heard.push(picture),
    hubOperator: () => 'Hana',
  });
  const names = () => presence.list().entries.map((e) => e.name);
  const lastHeard = () => (heard.at(-1)?.entries ?? []).map((e) => e.name);
  return { presence, heard, names, lastHeard };
}

describe('a presence entry’s lifetime', () => {
  it('keeps a page that reports every heartbeat, and drops one that goes silent', () => {
    expect(presenceHeartbeatMs * 2).toBeLessThan(presenceLifetimeMs);
    const clock = new HandClock();
    const { presence, heard, names, lastHeard } = board(clock);
    presence.report({ clientId: 'seat-a-page', seat: 'PD' }, at('main'));
    presence.report({ clientId: 'hub-page' }, at('news'));
    expect(names()).toEqual(['PD', 'Hana']);

    // Both report each heartbeat for a minute: nobody leaves, and nothing is pushed again.
    const pushed = heard.length;
    for (let t = 0; t < 60_000; t += presenceHeartbeatMs) {
      clock.advance(presenceHeartbeatMs);
      presence.report({ clientId: 'seat-a-page', seat: 'PD' }, at('main'));
      presence.report({ clientId: 'hub-page' }, at('news'));
    }
    expect(names()).toEqual(['PD', 'Hana']);
    expect(heard.length).toBe(pushed);

    // The seat loses its network: its reports stop, the hub's page goes on.
    clock.advance(presenceHeartbeatMs);
    presence.report({ clientId: 'hub-page' }, at('news'));
    clock.advance(presenceLifetimeMs - presenceHeartbeatMs - 1);
    expect(names()).toEqual(['PD', 'Hana']);
    clock.advance(1);
    expect(names()).toEqual(['Hana']);
    expect(lastHeard()).toEqual(['Hana']);

    // The hub's page goes silent too: the picture empties and no timer is left.
    clock.advance(presenceLifetimeMs);
    expect(names()).toEqual([]);
    expect(lastHeard()).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it('renews an entry with any report, and forgets the timer of a page dropped', () => {
    const clock = new HandClock();
    const { presence, names } = board(clock);
    presence.report({ clientId: 'seat-b-1', seat: 'Op' }, at('a'));
    clock.advance(presenceLifetimeMs - 1);
    // A change of focus renews it as a heartbeat does.
    presence.report({ clientId: 'seat-b-1', seat: 'Op' }, at('b'));
    clock.advance(presenceLifetimeMs - 1);
    expect(names()).toEqual(['Op']);
    clock.advance(1);
    expect(names()).toEqual([]);

    presence.report({ clientId: 'seat-b-2', seat: 'Op' }, at('c'));
    presence.dropSeat('b');
    expect(clock.pending).toBe(0);
    presence.report({ clientId: 'hub-2' }, at('d'));
    presence.drop('hub-2');
    expect(clock.pending).toBe(0);
    presence.report({ clientId: 'hub-3' }, at('e'));
    presence.dispose();
    expect(clock.pending).toBe(0);
  });
});
