/**
 * The network a host installs before the core connects anywhere (platform/network.ts): the
 * browser host takes the proxies of its environment, the desktop app the system's per-URL
 * resolution (Electron's `session.resolveProxy`). Both trust the OS store and
 * `NODE_EXTRA_CA_CERTS` (platform/trusted-ca.ts). Writes one line saying which to the log.
 */
import {
  describeNetwork,
  environmentNetwork,
  installNetwork,
  type Network,
} from '../platform/network';
import { systemProxyNetwork, type ResolveProxy } from '../platform/system-proxy';
import { trustedCertificates } from '../platform/trusted-ca';

/** An installed network; `close` puts the previous dispatcher back and closes connections. */
export interface HostNetwork {
  network: Network;
  close(): Promise<void>;
}

/**
 * Builds and installs the host's network.
 * @param options.resolveProxy the desktop app's proxy resolution; absent: the environment's.
 */
export async function startHostNetwork(options: {
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
  resolveProxy?: ResolveProxy;
}): Promise<HostNetwork> {
  const trust = await trustedCertificates({ env: options.env });
  const network = options.resolveProxy
    ? systemProxyNetwork(options.resolveProxy, trust, options.log)
    : environmentNetwork(options.env, trust);
  const uninstall = installNetwork(network);
  options.log(describeNetwork(network.description));
  return {
    network,
    async close() {
      uninstall();
      await network.close();
    },
  };
}
