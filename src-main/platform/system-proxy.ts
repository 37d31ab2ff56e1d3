/**
 * The desktop app's network: for each request, the proxy the system names for its URL, as
 * Chromium resolves it (Electron's `session.resolveProxy(url)`: system settings, PAC scripts,
 * WPAD, and Chromium's own loopback exemption), fed to undici. Taking `resolveProxy` as a
 * function keeps Electron out of here (docs/dev/architecture.md, "Layers and import rules") and lets tests pass their own.
 *
 * The answer is in PAC form (`DIRECT`, `PROXY host:port; DIRECT`, `HTTPS host:port`,
 * `SOCKS5 host:port`): the first entry undici can take is used. `SOCKS`/`SOCKS4` and `QUIC`
 * entries are skipped (undici speaks SOCKS5 only); an answer with nothing usable, or a
 * failed resolution, goes direct and is written to the log once per answer.
 * A proxy that asks for credentials (407) fails the call: Chromium's login prompt does not
 * reach undici.
 */
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { tlsOptions, type Network } from './network';
import type { TrustedCertificates } from './trusted-ca';

/** Electron's `session.resolveProxy`: the PAC-form proxy list for a URL. */
export type ResolveProxy = (url: string) => Promise<string>;

/**
 * The proxy a PAC-form answer names first that undici can use, as a URL
 * (`http://host:port`, `https://host:port`, `socks5://host:port`); null for `DIRECT`;
 * undefined when no entry is usable.
 */
export function proxyFromPac(answer: string): string | null | undefined {
  const entries = answer
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  for (const entry of entries) {
    const [kind = '', hostPort = ''] = entry.split(/\s+/);
    const scheme = pacSchemes[kind.toUpperCase()];
    if (scheme === null) return null;
    if (scheme !== undefined && hostPort !== '') return `${scheme}://${hostPort}`;
  }
  return undefined;
}

const pacSchemes: Record<string, string | null | undefined> = {
  DIRECT: null,
  PROXY: 'http',
  HTTP: 'http',
  HTTPS: 'https',
  SOCKS5: 'socks5',
};

/**
 * A network that asks `resolveProxy` for every request's URL and sends it direct or through
 * the proxy named (one ProxyAgent per proxy, kept while the network lives).
 * @param log where an unusable answer or a failed resolution is written (no URL path or query:
 *   they may hold one-time upload and download tokens).
 */
export function systemProxyNetwork(
  resolveProxy: ResolveProxy,
  trust: TrustedCertificates,
  log: (message: string) => void,
): Network {
  const tls = tlsOptions(trust);
  const direct = new Agent({ connect: tls });
  const proxies = new Map<string, ProxyAgent>();
  const logged = new Set<string>();
  const say = (message: string) => {
    if (logged.has(message)) return;
    logged.add(message);
    log(message);
  };
  const through = (uri: string): Dispatcher => {
    let agent = proxies.get(uri);
    if (!agent) {
      agent = new ProxyAgent({ uri, requestTls: tls, proxyTls: tls, connect: tls });
      proxies.set(uri, agent);
    }
    return agent;
  };
  const route = async (url: URL): Promise<string | null> => {
    let answer: string;
    try {
      answer = await resolveProxy(url.href);
    } catch (error) {
      say(`proxy: resolving ${url.origin} failed (${String(error)}); going direct`);
      return null;
    }
    const proxy = proxyFromPac(answer);
    if (proxy === undefined) {
      say(`proxy: no usable entry in "${answer}" for ${url.origin}; going direct`);
      return null;
    }
    return proxy;
  };
  const dispatcher = direct.compose((dispatch) => (options, handler) => {
    const url = new URL(options.path, options.origin);
    void route(url)
      .then((proxy) =>
        proxy === null ? dispatch(options, handler) : through(proxy).dispatch(options, handler),
      )
      // A dispatcher reports its own failures to the handler; this is what it could not.
      .catch((error: unknown) => say(`proxy: dispatch failed (${String(error)})`));
    return true;
  });
  return {
    dispatcher,
    proxyFor: async (url) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      return route(parsed);
    },
    description: { proxy: 'system', trust: trust.sources },
    async close() {
      await Promise.all([direct.close(), ...[...proxies.values()].map((agent) => agent.close())]);
    },
  };
}
