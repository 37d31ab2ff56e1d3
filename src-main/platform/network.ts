/**
 * The one network every connection of main takes: platform calls (the schedulers' fetch),
 * uploads (tus and multipart, through undici's `request`), downloads, the upload protocol
 * probe and the upload progress check. It is one undici dispatcher that the host installs as
 * the process's global dispatcher before anything connects ({@link installNetwork}): Node's
 * own `fetch` and undici's `request` both read that global, so a call written with plain
 * `fetch(url)` goes through the proxy too.
 *
 * - Browser host: the proxy the environment names, `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY`
 *   (lower-case names first), through undici's EnvHttpProxyAgent ({@link environmentNetwork}).
 *   Loopback is not exempt: as with curl, `127.0.0.1` goes through the proxy unless `NO_PROXY`
 *   names it (the embedded sandbox needs `NO_PROXY=127.0.0.1,localhost` behind a proxy that
 *   cannot reach this machine).
 * - Desktop app: the proxy the system names for each URL, as Chromium resolves it (system
 *   settings, PAC scripts, WPAD), through system-proxy.ts.
 * Both trust the certificates of trusted-ca.ts (the OS store, `NODE_EXTRA_CA_CERTS`).
 * Proxy credentials are taken from the proxy URL (`http://user:pass@proxy:3128`) only.
 */
import {
  EnvHttpProxyAgent,
  getGlobalDispatcher,
  setGlobalDispatcher,
  type Dispatcher,
} from 'undici';
import type { TrustedCertificates } from './trusted-ca';

/** A network: its dispatcher and what it does, in words for the log and diagnostics. */
export interface Network {
  readonly dispatcher: Dispatcher;
  /** Where requests go and what is trusted; never a credential. */
  readonly description: NetworkDescription;
  /**
   * The proxy a request to `url` goes through, as a URL (`http://proxy:3128`, credentials
   * included when configured), or null when it goes direct. Makes no connection. The panels'
   * reachability probe uses it to test the proxy rather than go around it
   * (services/panels/reachability.ts).
   */
  proxyFor(url: string): Promise<string | null>;
  /** Closes every connection it holds. */
  close(): Promise<void>;
}

/** What a network does, without credentials (for the log and the diagnostics archive). */
export interface NetworkDescription {
  /** `environment`: HTTPS_PROXY/HTTP_PROXY/NO_PROXY; `system`: the OS's per-URL resolution. */
  proxy: 'environment' | 'system';
  /** The environment's proxies and exemptions (environment only), credentials removed. */
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
  /** Which certificate stores are trusted (trusted-ca.ts). */
  trust: string[];
}

/** TLS options for undici's connectors: the trusted CAs, or Node's default store. */
export function tlsOptions(trust: TrustedCertificates): { ca?: string[] } {
  return trust.ca ? { ca: trust.ca } : {};
}

/**
 * The browser host's network: the proxies `env` names (`https_proxy`/`HTTPS_PROXY` for https
 * URLs, `http_proxy`/`HTTP_PROXY` for http URLs, `no_proxy`/`NO_PROXY` exempt: comma- or
 * space-separated host names, domain suffixes, `host:port`, or `*`), read once from `env`
 * (not from `process.env` later). An empty or missing `NO_PROXY` exempts nothing, loopback
 * included (undici's rule, checked by network.proxy.test.ts).
 */
export function environmentNetwork(env: NodeJS.ProcessEnv, trust: TrustedCertificates): Network {
  // '' (not undefined): undici falls back to process.env for an undefined option.
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? '';
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  const tls = tlsOptions(trust);
  const dispatcher = new EnvHttpProxyAgent({
    httpProxy,
    httpsProxy,
    noProxy,
    connect: tls,
    requestTls: tls,
    proxyTls: tls,
  });
  const exempt = noProxyEntries(noProxy);
  return {
    dispatcher,
    proxyFor: (url) => {
      const parsed = parseUrl(url);
      if (!parsed || !shouldProxy(parsed, noProxy, exempt)) return Promise.resolve(null);
      const proxy = parsed.protocol === 'https:' ? httpsProxy || httpProxy : httpProxy;
      return Promise.resolve(proxy || null);
    },
    description: {
      proxy: 'environment',
      ...(httpProxy ? { httpProxy: withoutCredentials(httpProxy) } : {}),
      ...(httpsProxy ? { httpsProxy: withoutCredentials(httpsProxy) } : {}),
      ...(noProxy ? { noProxy } : {}),
      trust: trust.sources,
    },
    close: () => dispatcher.close(),
  };
}

/** One `NO_PROXY` entry: a host name or domain suffix, and a port (0: any). */
interface NoProxyEntry {
  hostname: string;
  port: number;
}

/** `NO_PROXY`'s entries, read as undici's EnvHttpProxyAgent reads them (a leading `.` or `*.` dropped). */
function noProxyEntries(noProxy: string): NoProxyEntry[] {
  const entries: NoProxyEntry[] = [];
  for (const entry of noProxy.split(/[,\s]/)) {
    if (!entry) continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    entries.push({
      hostname: (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase(),
      port: parsed?.[2] ? Number.parseInt(parsed[2], 10) : 0,
    });
  }
  return entries;
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Whether undici's EnvHttpProxyAgent sends a request to `url` through a proxy (its rule). */
function shouldProxy(url: URL, noProxy: string, entries: NoProxyEntry[]): boolean {
  if (entries.length === 0) return true;
  if (noProxy === '*') return false;
  // The host with its IPv6 brackets kept, as undici compares it.
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || { 'http:': 80, 'https:': 443 }[url.protocol] || 0;
  for (const entry of entries) {
    if (entry.port && entry.port !== port) continue;
    if (hostname === entry.hostname) return false;
    if (hostname.endsWith(`.${entry.hostname}`)) return false;
  }
  return true;
}

/**
 * Makes `network` the process's global dispatcher: every `fetch` and undici `request` of main
 * from now on goes through it.
 * @returns a function that puts the previous dispatcher back (tests).
 */
export function installNetwork(network: Network): () => void {
  const previous = getGlobalDispatcher();
  setGlobalDispatcher(network.dispatcher);
  return () => setGlobalDispatcher(previous);
}

/** One line for the log: where requests go and what is trusted, without credentials. */
export function describeNetwork(description: NetworkDescription): string {
  const route =
    description.proxy === 'system'
      ? "the system's proxy settings"
      : [
          `HTTPS_PROXY=${description.httpsProxy ?? description.httpProxy ?? '(none)'}`,
          `HTTP_PROXY=${description.httpProxy ?? '(none)'}`,
          `NO_PROXY=${description.noProxy ?? '(empty)'}`,
        ].join(' ');
  return `network: ${route}; trusting ${description.trust.join(', ')}`;
}

/** A proxy URL without its user name and password, for the log. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
}
