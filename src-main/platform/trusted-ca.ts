/**
 * The certificate authorities platform calls, uploads and downloads trust: the bundled
 * Mozilla store, the file `NODE_EXTRA_CA_CERTS` names (a corporate CA), and the operating
 * system's store (where a broadcaster's IT installs its TLS-inspecting proxy's CA).
 *
 * An explicit `ca` replaces Node's default store for that connection, so the list handed to
 * undici must hold all three:
 * - Node 22.15 and later (the desktop app: Electron 41 runs Node 24): `tls.getCACertificates`
 *   gives the default store (bundled plus `NODE_EXTRA_CA_CERTS`) and the system store, on
 *   every OS.
 * - Node 20 (the browser host here): Node has no API for the system store. On Linux the
 *   distribution's bundle file is read (Debian/Ubuntu, Fedora/RHEL, openSUSE, Alpine paths);
 *   on macOS and Windows the system store cannot be read without a native module, so only the
 *   bundled store and `NODE_EXTRA_CA_CERTS` are trusted (docs/admin/network.md, "Proxies and certificates").
 */
import { readFile as fsReadFile } from 'node:fs/promises';
import * as tls from 'node:tls';

/** What is trusted: the PEM list for undici's `ca` (undefined: Node's default), and its sources. */
export interface TrustedCertificates {
  ca: string[] | undefined;
  /** Which stores are in `ca`, in words for the log (`bundled`, `NODE_EXTRA_CA_CERTS`, `system`). */
  sources: string[];
}

/** `tls.getCACertificates` (Node 22.15+), absent on Node 20. */
export type GetCaCertificates = (type: 'default' | 'system') => string[];

/** Where Linux distributions keep the system's CA bundle, first found wins. */
export const linuxSystemBundles = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

/**
 * Reads the certificates to trust. Never throws: an unreadable `NODE_EXTRA_CA_CERTS` or
 * system bundle is left out and named in `sources` as missing.
 */
export async function trustedCertificates(
  options: {
    env?: NodeJS.ProcessEnv;
    platform?: NodeJS.Platform;
    readFile?: (path: string) => Promise<string>;
    getCaCertificates?: GetCaCertificates | undefined;
  } = {},
): Promise<TrustedCertificates> {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const read = options.readFile ?? ((path: string) => fsReadFile(path, 'utf8'));
  const getCa = 'getCaCertificates' in options ? options.getCaCertificates : nodeGetCa();
  const extraPath = env.NODE_EXTRA_CA_CERTS;

  if (getCa) {
    // 'default' already holds NODE_EXTRA_CA_CERTS as Node loaded it at start.
    const ca = unique([...getCa('default'), ...getCa('system')]);
    return { ca, sources: ['bundled', ...(extraPath ? ['NODE_EXTRA_CA_CERTS'] : []), 'system'] };
  }

  const sources = ['bundled'];
  const extra: string[] = [];
  if (extraPath) {
    const pems = await read(extraPath).then(certificatesIn, () => []);
    extra.push(...pems);
    sources.push(pems.length > 0 ? 'NODE_EXTRA_CA_CERTS' : 'NODE_EXTRA_CA_CERTS (unreadable)');
  }
  if (platform === 'linux') {
    for (const path of linuxSystemBundles) {
      const pems = await read(path).then(certificatesIn, () => []);
      if (pems.length === 0) continue;
      extra.push(...pems);
      sources.push(`system (${path})`);
      break;
    }
  } else {
    sources.push('no system store (Node 20 cannot read it on this OS)');
  }
  // Nothing beyond Node's own default: keep the default store (it has NODE_EXTRA_CA_CERTS).
  if (extra.length === 0) return { ca: undefined, sources };
  return { ca: unique([...tls.rootCertificates, ...extra]), sources };
}

/** The PEM certificates in a bundle's text. */
export function certificatesIn(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

function nodeGetCa(): GetCaCertificates | undefined {
  const candidate = (tls as { getCACertificates?: unknown }).getCACertificates;
  return typeof candidate === 'function' ? (candidate as GetCaCertificates) : undefined;
}

function unique(pems: string[]): string[] {
  return [...new Set(pems.map((pem) => pem.trim()))];
}
