/**
 * What a studio's seats and hubs trust of each other beyond the TLS pin (docs/security.md,
 * "The backup"; docs/dev/architecture.md, "The takeover protocol"):
 *
 * - **Signed addresses.** The hub signs the addresses it gives its seats (`studio.addresses`)
 *   with its certificate's private key (ECDSA P-256, SHA-256) and sends its certificate with
 *   them; a seat takes them only when that certificate is the one it pinned when it paired
 *   (its SHA-256 fingerprint) and the signature verifies.
 * - **A credential per address.** A seat's credential is `<seat id>.<secret>`; the hub keeps the
 *   secret's SHA-256 (pairing.ts). At any address other than its hub a seat presents
 *   `<seat id>.<HMAC-SHA256(key: SHA-256(secret), "onair-desk backup seat\n" + fingerprint)>`,
 *   `fingerprint` being that address's pinned certificate. The hub can make its hash (it keeps
 *   SHA-256(secret)) and hands the backup only that; what the backup sees never works at the
 *   hub, nor at another backup.
 * - **Signed takeover record.** A backup that serves tells the old hub so with a record signed
 *   by its own certificate's key, naming the hub's epoch it last heard (hub-epoch.ts).
 */
import { createHash, createHmac, sign, verify, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { fingerprintOf, normalizeFingerprint } from './certificate';

/** A studio address as seats pin it: where to reach a hub and its certificate's SHA-256. */
export interface StudioAddress {
  /** `https://<address>:<port>/` */
  url: string;
  /** Upper-case hex pairs joined by `:`. */
  fingerprint: string;
}

/** The hub's certificate and private key (PEM), as certificate.ts keeps them. */
export interface SigningKey {
  cert: string;
  key: string;
}

const addressesPurpose = 'onair-desk studio.addresses v1\n';
const takeoverPurpose = 'onair-desk studio.takeover v1\n';
const backupCredentialPurpose = 'onair-desk backup seat\n';

const pem = z.string().min(1).max(8000);
const address = z.object({ url: z.url().max(300), fingerprint: z.string().max(200) });

/**
 * What `studio.addresses` carries: every address of the studio (the hub first, at most 4),
 * when the hub said so (epoch ms UTC, the hub's clock), the hub's certificate (PEM) and its
 * signature (base64, DER ECDSA) over the purpose line and the JSON of `{ addresses, issuedAt }`.
 */
export const signedAddressesPayload = z.object({
  addresses: z.array(address).min(1).max(4),
  issuedAt: z.number().int().nonnegative(),
  certificate: pem,
  signature: z.string().min(1).max(400),
});

/** A signed `studio.addresses` (see {@link signedAddressesPayload}). */
export type SignedAddresses = z.infer<typeof signedAddressesPayload>;

const addressesText = (addresses: StudioAddress[], issuedAt: number) =>
  addressesPurpose + JSON.stringify({ addresses, issuedAt });

/** The hub's `studio.addresses`, signed with its certificate's key. */
export function signAddresses(
  by: SigningKey,
  addresses: StudioAddress[],
  issuedAt: number,
): SignedAddresses {
  const signature = sign('sha256', Buffer.from(addressesText(addresses, issuedAt)), by.key);
  return { addresses, issuedAt, certificate: by.cert, signature: signature.toString('base64') };
}

/**
 * The addresses of a `studio.addresses` payload when the hub pinned as `pinnedFingerprint`
 * signed them (its certificate in the payload is the pinned one, and the signature verifies
 * with that certificate's public key); null for anything else (unsigned, another key, a
 * certificate not pinned, malformed). Fingerprints come back normalized.
 */
export function verifiedAddresses(
  payload: unknown,
  pinnedFingerprint: string,
): StudioAddress[] | null {
  const given = signedAddressesPayload.safeParse(payload);
  if (!given.success) return null;
  const { addresses, issuedAt, certificate, signature } = given.data;
  try {
    if (
      normalizeFingerprint(fingerprintOf(certificate)) !== normalizeFingerprint(pinnedFingerprint)
    )
      return null;
    const text = Buffer.from(addressesText(addresses, issuedAt));
    const key = new X509Certificate(certificate).publicKey;
    if (!verify('sha256', text, key, Buffer.from(signature, 'base64'))) return null;
  } catch {
    return null;
  }
  return addresses.map((a) => ({ url: a.url, fingerprint: normalizeFingerprint(a.fingerprint) }));
}

/**
 * The secret a seat presents at the address of certificate `fingerprint` (not its hub), made
 * from the SHA-256 of its secret (hex, as the hub keeps it): base64url HMAC-SHA256.
 */
function backupSecret(secretHash: string, fingerprint: string): string {
  return createHmac('sha256', Buffer.from(secretHash, 'hex'))
    .update(backupCredentialPurpose + normalizeFingerprint(fingerprint))
    .digest('base64url');
}

/**
 * The credential a seat presents at a backup whose certificate is `fingerprint`: its seat id
 * and a secret made for that certificate only (see the file comment). Never works at the hub.
 */
export function credentialForBackup(credential: string, fingerprint: string): string {
  const [id, secret] = credential.split('.', 2);
  if (!id || !secret) return credential;
  return `${id}.${backupSecret(sha256(secret), fingerprint)}`;
}

/**
 * What the hub hands the backup of certificate `fingerprint` for a seat whose secret's
 * SHA-256 is `secretHash`: the SHA-256 of that seat's backup secret (hex), which the backup's
 * pairing book checks as it checks any credential.
 */
export function backupSecretHash(secretHash: string, fingerprint: string): string {
  return sha256(backupSecret(secretHash, fingerprint));
}

/**
 * A backup's takeover: it serves at `url` (certificate `fingerprint`) since `takenOverAt`
 * (epoch ms UTC, the backup's clock), having last heard the hub of certificate
 * `hubFingerprint` in that hub's epoch `hubEpoch` (hub-epoch.ts).
 */
export const takeoverRecord = z.object({
  url: z
    .url()
    .max(300)
    .refine((url) => url.startsWith('https://'), 'An https address'),
  fingerprint: z.string().regex(/^([0-9A-Fa-f]{2}:?){32}$/),
  hubFingerprint: z.string().regex(/^([0-9A-Fa-f]{2}:?){32}$/),
  hubEpoch: z.number().int().nonnegative(),
  takenOverAt: z.number().int().nonnegative(),
});

/** A backup's takeover (see {@link takeoverRecord}). */
export type TakeoverRecord = z.infer<typeof takeoverRecord>;

/** The body of `POST /studio/stand-down`: the record, the backup's certificate, its signature. */
export const signedTakeover = z.object({
  record: takeoverRecord,
  certificate: pem,
  signature: z.string().min(1).max(400),
});

/** A signed takeover record (see {@link signedTakeover}). */
export type SignedTakeover = z.infer<typeof signedTakeover>;

const takeoverText = (record: TakeoverRecord) => takeoverPurpose + JSON.stringify(record);

/** `record` signed with the backup's own certificate's key `by`. */
export function signTakeover(by: SigningKey, record: TakeoverRecord): SignedTakeover {
  const signature = sign('sha256', Buffer.from(takeoverText(record)), by.key);
  return { record, certificate: by.cert, signature: signature.toString('base64') };
}

/**
 * The record of a signed takeover when its certificate is the one the record names
 * (`fingerprint`) and the signature verifies with it; null otherwise.
 */
export function verifiedTakeover(given: unknown): TakeoverRecord | null {
  const parsed = signedTakeover.safeParse(given);
  if (!parsed.success) return null;
  const { record, certificate, signature } = parsed.data;
  try {
    if (
      normalizeFingerprint(fingerprintOf(certificate)) !== normalizeFingerprint(record.fingerprint)
    )
      return null;
    const key = new X509Certificate(certificate).publicKey;
    if (!verify('sha256', Buffer.from(takeoverText(record)), key, Buffer.from(signature, 'base64')))
      return null;
  } catch {
    return null;
  }
  return record;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
