/** The events main pushes (the bridge contract's `EventMap`), fanned out to every listener. */
import type { EventMap, EventName } from '../../shared/bridge';

/** Pushes one event to whoever listens. */
export type Emit = <E extends EventName>(event: E, payload: EventMap[E]) => void;

/** Receives every event main pushes. */
export type EventListener = <E extends EventName>(event: E, payload: EventMap[E]) => void;

/** Listeners of every event: the hosts (an Electron window, a browser page's stream). */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  /** Sends `payload` to every listener, in the order they subscribed. */
  readonly emit: Emit = (event, payload) => {
    for (const listener of this.listeners) listener(event, payload);
  };

  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.listeners.clear();
  }
}
