/**
 * A reachability probe of the live API's origin that costs no platform call: a TCP connection
 * to its host and port, opened and closed at once (no HTTP request, so nothing counts against
 * the 60 calls a minute, spec: Limits), every {@link probeIntervalMs} while someone needs it
 * (a hardware panel's feedback stream is open, hosts/panel-api.ts). A refused, reset or
 * unanswered connection says the platform is gone seconds before the app's next read would
 * (the watches read every 5 to 20 s); a connection that opens says only that the origin is back,
 * and the next real read confirms it (services/panels/panel-feedback.ts).
 *
 * It goes where the app's reads go. Direct, that is the workspace's live API origin (on
 * loopback for the sandbox). When the app's network sends the live API's calls through a proxy
 * (platform/network.ts: the environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY, or the system's
 * per-URL answer in the desktop app), the probe connects to that proxy instead
 * ({@link probeTargetThrough}): never around it, so it makes no connection a proxied network
 * would not make, and a proxy that goes away marks the buttons stale as a lost origin does.
 * Through a proxy, the probe cannot see the origin itself; a platform lost behind a working
 * proxy is told by the app's next read failing (the watches, every 5 to 20 s).
 *
 * Only the panels' feedback stream holds the probe (hosts/panel-api.ts). The app's own screens
 * (the status bar's platform state, the control room) are not marked by it: they show each
 * figure's age and mark it stale when a read fails, and their watches read every 5 to 20 s.
 */
import { connect } from 'node:net';
import type { Clock } from '../../platform/clock';

/** Time between two probes, ms. */
export const probeIntervalMs = 1_000;

/** A connection not open after this many ms counts as unreachable. */
export const probeTimeoutMs = 800;

/** Where to probe: the live API's host and TCP port, or the proxy's that its calls go through. */
export interface ProbeTarget {
  host: string;
  port: number;
  /** `proxy` when the host and port are the proxy's; absent for the origin itself. */
  via?: 'proxy';
}

/** The proxy the app's network sends a URL's requests through, or null: direct (`Network.proxyFor`). */
export type ProxyFor = (url: string) => Promise<string | null>;

/** The TCP port a proxy URL's scheme implies when it names none. */
const proxyPorts: Record<string, number> = { 'http:': 80, 'https:': 443, 'socks5:': 1080 };

/**
 * Where to probe for `baseUrl`: the proxy `proxyFor` names for it (`http://proxy:3128` →
 * proxy:3128, `via: 'proxy'`), else the origin ({@link probeTargetOf}). A proxy URL that cannot
 * be read gives null (nothing to probe), never the origin: the probe does not go around it.
 */
export async function probeTargetThrough(
  baseUrl: string | null | undefined,
  proxyFor: ProxyFor,
): Promise<ProbeTarget | null> {
  const origin = probeTargetOf(baseUrl);
  if (!origin || !baseUrl) return null;
  const proxy = await proxyFor(baseUrl);
  if (proxy === null) return origin;
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    return null;
  }
  const port = url.port ? Number(url.port) : proxyPorts[url.protocol];
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return host && port ? { host, port, via: 'proxy' } : null;
}

/**
 * Opens a TCP connection to `target` and closes it at once.
 * @returns true when it opened within `timeoutMs`, false when refused, reset or late.
 */
export type Connector = (target: ProbeTarget, timeoutMs: number) => Promise<boolean>;

/** The host and port of a base URL (`http://127.0.0.1:4010/live/api` → 127.0.0.1:4010), or null. */
export function probeTargetOf(baseUrl: string | null | undefined): ProbeTarget | null {
  if (!baseUrl) return null;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  // `new URL` keeps an IPv6 address in brackets; net.connect wants it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return host ? { host, port } : null;
}

/** {@link Connector} with node:net. */
export const tcpConnect: Connector = (target, timeoutMs) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: target.host, port: target.port });
    let settled = false;
    const done = (open: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(open);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

export interface ReachabilityProbeOptions {
  /**
   * Where to probe now (the open workspace's live API, or the proxy its calls go through), or
   * null: nothing to probe.
   */
  target: () => ProbeTarget | null | Promise<ProbeTarget | null>;
  /** Told of each change: false when the origin stops taking connections, true when it is back. */
  onChange: (reachable: boolean, at: number) => void;
  clock: Clock;
  connect?: Connector;
  intervalMs?: number;
  timeoutMs?: number;
}

/** Probes while at least one user holds it ({@link acquire}). */
export class ReachabilityProbe {
  readonly #options: ReachabilityProbeOptions;
  readonly #connect: Connector;
  #users = 0;
  #timer: unknown = null;
  #running = false;
  /** The last result, or null before the first (or after the target changed). */
  #reachable: boolean | null = null;
  #lastTarget = '';
  #stopped = false;

  constructor(options: ReachabilityProbeOptions) {
    this.#options = options;
    this.#connect = options.connect ?? tcpConnect;
  }

  /** The last result: true, false, or null when not known. */
  get reachable(): boolean | null {
    return this.#reachable;
  }

  /**
   * Starts probing (at once) if this is the first user.
   * @returns the function that ends this use; probing stops with the last one.
   */
  acquire(): () => void {
    this.#users += 1;
    if (this.#users === 1) this.#schedule(0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      if (this.#users === 0) this.#clear();
    };
  }

  /** Stops for good. */
  stop(): void {
    this.#stopped = true;
    this.#clear();
  }

  #clear(): void {
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(ms: number): void {
    this.#clear();
    if (this.#stopped || this.#users === 0) return;
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = null;
      void this.#probe();
    }, ms);
  }

  async #probe(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    const target = await Promise.resolve(this.#options.target()).catch(() => null);
    this.#running = false;
    if (this.#stopped) return;
    const id = target ? `${target.host}:${target.port}` : '';
    if (id !== this.#lastTarget) {
      this.#lastTarget = id;
      this.#reachable = null;
    }
    if (target) {
      this.#running = true;
      const open = await this.#connect(target, this.#options.timeoutMs ?? probeTimeoutMs).catch(
        () => false,
      );
      this.#running = false;
      // A workspace switched meanwhile: the answer was about the last one.
      if (!this.#stopped && id === this.#lastTarget && open !== this.#reachable) {
        this.#reachable = open;
        this.#options.onChange(open, this.#options.clock.now());
      }
    }
    this.#schedule(this.#options.intervalMs ?? probeIntervalMs);
  }
}
