/**
 * Where a sandbox callback may go (docs/platform-facts.md, "Callbacks"): demo events must never
 * reach a production webhook by accident, so by default a delivery goes to this machine only,
 * loopback addresses 127.0.0.0/8 and ::1 (also ::ffff:127.x.y.z). A host name is resolved
 * first and EVERY address it resolves to must be loopback; the connection then goes to the
 * checked address, never to a second resolution. Nothing is connected to while classifying.
 * While delivery is limited to this machine, only `localhost` and `*.localhost` names are
 * looked up: looking up any other name would itself send a DNS query off the machine, so it
 * is refused unresolved. With "deliver outside this machine" on, any name is resolved and any
 * address allowed.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** One resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to all its addresses (default: the OS resolver, `dns.lookup`). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The address to connect to, or why the delivery is refused. */
export type DestinationCheck =
  { allowed: true; url: URL; address: ResolvedAddress } | { allowed: false; reason: string };

/** The OS resolver, every address of `hostname`. */
export const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, order: 'verbatim' })).map(({ address, family }) => ({
    address,
    family,
  }));

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(bare) === 4) return bare.split('.')[0] === '127';
  if (isIP(bare) !== 6) return false;
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] !== undefined && isLoopbackAddress(mapped[1]);
}

/** `localhost` or a name under `.localhost` (RFC 6761: loopback by definition). */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Checks `url` before any connection: http(s) only; the host (an address, or a name resolved
 * with `resolve`) must be loopback unless `deliverOutside`. Never rejects.
 */
export async function checkDestination(
  url: string,
  deliverOutside: boolean,
  resolve: HostResolver = systemResolver,
): Promise<DestinationCheck> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { allowed: false, reason: `not a URL: ${url}` };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return { allowed: false, reason: `unsupported scheme ${target.protocol}` };
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal }];
  else if (!deliverOutside && !isLocalhostName(host))
    return {
      allowed: false,
      reason:
        `refused: ${host} is not an address on this machine; while "deliver outside this machine" ` +
        'is off the sandbox delivers to loopback addresses and localhost names only (it does not look other names up)',
    };
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { allowed: false, reason: `cannot resolve ${host}: ${code ?? String(error)}` };
    }
  }
  const first = addresses[0];
  if (first === undefined) return { allowed: false, reason: `cannot resolve ${host}` };
  if (!deliverOutside) {
    const outside = addresses.filter((item) => !isLoopbackAddress(item.address));
    if (outside.length > 0)
      return {
        allowed: false,
        reason:
          `refused: ${host} is outside this machine` +
          (literal === 0 ? ` (${outside.map((item) => item.address).join(', ')})` : '') +
          '; ' +
          'the sandbox delivers to loopback addresses only unless "deliver outside this machine" is on',
      };
  }
  return { allowed: true, url: target, address: first };
}
