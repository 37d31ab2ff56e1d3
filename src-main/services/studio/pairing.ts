/**
 * The hub's book of pairing codes and seats: pure, on an injected clock (epoch ms UTC), so
 * its rules are tested without the wall clock.
 * - A pairing code is good for one seat and 2 minutes.
 * - Five wrong codes in a row from one sending address lock pairing FOR THAT ADDRESS for a
 *   minute (the right code included): a bad neighbour on the LAN cannot keep others from
 *   pairing (issue 32, "Network limits"). An IPv6 sender is one /64, as one host may hold many
 *   addresses of its network.
 * - A seat's name is plain text ({@link plainSeatName}) before it reaches a log or the journal.
 * - A seat's credential is `<seat id>.<secret>`; the book keeps only the secret's SHA-256, and
 *   compares in constant time. Revoking a seat forgets it.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { madePlainText, notPlainText } from '../../shared/commands/fields';
import type { PairingCode, SeatInfo, SeatRole } from '../../shared/studio-model';

/** How long a pairing code is good for: 2 minutes. */
export const pairingCodeLifeMs = 2 * 60_000;
/** Wrong codes in a row that lock pairing. */
export const wrongCodesToLock = 5;
/** How long pairing stays locked: a minute. */
export const pairingLockMs = 60_000;

/** Longest seat name, in characters. */
export const seatNameMaxLength = 60;

/** Sending addresses the book remembers wrong codes of, at most (the oldest unlocked go first). */
const sourcesKept = 4_096;

/**
 * A seat name as typed, trimmed, if it is plain text of 1 to {@link seatNameMaxLength}
 * characters; null otherwise (the hub refuses the pairing).
 */
export function plainSeatName(raw: string): string | null {
  const name = raw.trim();
  if (name === '' || characters(name).length > seatNameMaxLength || notPlainText.test(name))
    return null;
  return name;
}

/** A name kept before names were checked (seats.json, a registry adopted): made plain. */
function madePlain(name: string): string {
  return characters(madePlainText(name)).slice(0, seatNameMaxLength).join('');
}

/** The characters a reader sees (grapheme clusters: 한 is one, an emoji with its modifier one). */
function characters(text: string): string[] {
  return Array.from(new Intl.Segmenter().segment(text), (part) => part.segment);
}

/**
 * The sending address pairing counts wrong codes for: an IPv4 address (IPv4-mapped IPv6
 * included) as is, an IPv6 address as its /64 network.
 */
export function pairingSource(address: string | undefined): string {
  const given = (address ?? 'unknown').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(given);
  if (mapped?.[1]) return mapped[1];
  if (!given.includes(':')) return given;
  const [head = '', tail] = (given.split('%')[0] ?? '').split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Wrong codes in a row from one sending address, and until when it is locked. */
interface SourceTries {
  wrong: number;
  lockedUntil: number | null;
}

/** A seat as the book keeps it (and writes it to the hub's data folder). */
export interface StoredSeat {
  id: string;
  name: string;
  role: SeatRole;
  pairedAt: number;
  /** Hex SHA-256 of the credential's secret part. */
  secretHash: string;
}

/** What pairing answered: the seat's credential (shown to the seat once), or why not. */
export type PairingAnswer =
  | { ok: true; seat: StoredSeat; credential: string }
  | { ok: false; reason: 'wrong-code' | 'locked'; retryAfterMs?: number };

/** The codes, the lock and the seats of one hub. */
export class PairingBook {
  private readonly codes = new Map<string, PairingCode>();
  private readonly seats = new Map<string, StoredSeat>();
  private readonly contact = new Map<string, number>();
  /** Per sending address ({@link pairingSource}), in the order first seen. */
  private readonly sources = new Map<string, SourceTries>();

  /**
   * @param now the clock, epoch ms UTC.
   * @param saved seats paired before (the hub's `studio/seats.json`).
   */
  constructor(
    private readonly now: () => number,
    saved: readonly StoredSeat[] = [],
  ) {
    for (const seat of saved) this.seats.set(seat.id, { ...seat, name: madePlain(seat.name) });
  }

  /** A new code of eight digits for one seat of `role`, good for {@link pairingCodeLifeMs}. */
  newCode(role: SeatRole): PairingCode {
    this.prune();
    let code: string;
    do code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    while (this.codes.has(code));
    const made = { code, expiresAt: this.now() + pairingCodeLifeMs, role };
    this.codes.set(code, made);
    return made;
  }

  /** Codes not used and not expired. */
  openCodes(): PairingCode[] {
    this.prune();
    return [...this.codes.values()];
  }

  /** Until when pairing is locked for the sending address `source` (epoch ms UTC), or null. */
  lockedUntilTime(source: string): number | null {
    const tries = this.sources.get(source);
    if (tries?.lockedUntil != null && this.now() >= tries.lockedUntil) this.sources.delete(source);
    return this.sources.get(source)?.lockedUntil ?? null;
  }

  /**
   * Pairs a seat named `seatName` (plain text: {@link plainSeatName}) with `code` (spaces and
   * dashes ignored), sent from `source` ({@link pairingSource}; absent: this desk itself). A used, expired or unknown
   * code counts as wrong for that source; its fifth wrong one in a row locks pairing for it
   * (and it only) for a minute.
   * @throws Error when `seatName` is not plain text (the hub refuses it before).
   */
  pair(code: string, seatName: string, source = 'local'): PairingAnswer {
    const name = plainSeatName(seatName);
    if (name === null) throw new Error('A seat name must be plain text.');
    const locked = this.lockedUntilTime(source);
    if (locked !== null) return { ok: false, reason: 'locked', retryAfterMs: locked - this.now() };
    this.prune();
    const typed = code.replace(/[\s-]/g, '');
    const found = this.codes.get(typed);
    if (!found) {
      const tries = this.sources.get(source) ?? { wrong: 0, lockedUntil: null };
      this.sources.delete(source);
      this.sources.set(source, tries);
      this.forgetOldSources();
      tries.wrong += 1;
      if (tries.wrong >= wrongCodesToLock) {
        tries.wrong = 0;
        tries.lockedUntil = this.now() + pairingLockMs;
        return { ok: false, reason: 'locked', retryAfterMs: pairingLockMs };
      }
      return { ok: false, reason: 'wrong-code' };
    }
    this.codes.delete(typed);
    this.sources.delete(source);
    const id = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const seat: StoredSeat = {
      id,
      name,
      role: found.role,
      pairedAt: this.now(),
      secretHash: hash(secret),
    };
    this.seats.set(id, seat);
    return { ok: true, seat, credential: `${id}.${secret}` };
  }

  /** Keeps at most {@link sourcesKept} sources: the oldest not locked are forgotten first. */
  private forgetOldSources(): void {
    for (const [source, tries] of this.sources) {
      if (this.sources.size <= sourcesKept) return;
      if (tries.lockedUntil === null || this.now() >= tries.lockedUntil)
        this.sources.delete(source);
    }
  }

  /** The seat a credential belongs to (and notes its contact), or null: unknown or revoked. */
  check(credential: string): StoredSeat | null {
    const [id, secret] = credential.split('.', 2);
    if (!id || !secret) return null;
    const seat = this.seats.get(id);
    if (!seat) return null;
    const given = Buffer.from(hash(secret), 'hex');
    const kept = Buffer.from(seat.secretHash, 'hex');
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
    this.contact.set(id, this.now());
    return seat;
  }

  /** Notes a contact of the seat `id` (its event stream is open). */
  touch(id: string): void {
    if (this.seats.has(id)) this.contact.set(id, this.now());
  }

  /** Forgets a seat; false when there was none. */
  revoke(id: string): boolean {
    this.contact.delete(id);
    return this.seats.delete(id);
  }

  /**
   * Makes `seats` (a hub's registry, as its backup received it) the seats this book accepts,
   * beside its own backups: a seat revoked at the hub is forgotten here too.
   */
  adopt(seats: readonly StoredSeat[]): void {
    const given = new Set(seats.map((seat) => seat.id));
    for (const [id, seat] of this.seats)
      if (seat.role !== 'backup' && !given.has(id)) this.revoke(id);
    for (const seat of seats)
      if (seat.role !== 'backup') this.seats.set(seat.id, { ...seat, name: madePlain(seat.name) });
  }

  /** The seats to write to the hub's data folder (hashes, never credentials). */
  stored(): StoredSeat[] {
    return [...this.seats.values()];
  }

  /** The seats as the hub lists them; `connected` says whose stream is open. */
  list(connected: (id: string) => boolean): SeatInfo[] {
    return [...this.seats.values()].map((seat) => ({
      id: seat.id,
      name: seat.name,
      role: seat.role,
      pairedAt: seat.pairedAt,
      lastContactAt: this.contact.get(seat.id) ?? null,
      connected: connected(seat.id),
    }));
  }

  private prune(): void {
    const now = this.now();
    for (const [code, made] of this.codes) if (made.expiresAt <= now) this.codes.delete(code);
  }
}

function hash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
