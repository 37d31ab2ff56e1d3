/**
 * The one seat of a studio, however it joined (`--join`, or Settings → Studio through
 * `studio.join`, hub.ts): it knows both addresses of its studio, the hub's, and its backup's
 * once the hub gave it over the seat's pinned stream (`studio.addresses`), signed with the
 * hub's certificate key (studio-trust.ts). An address event from any other link, unsigned,
 * or signed by another key is ignored; each signed one replaces the backups the seat knows (a
 * revoked backup's address is withdrawn). It keeps a link (seat.ts, each pinned to its own
 * certificate) to every address; at a backup it presents a credential made for that
 * backup's certificate, never the one that works at the hub. The backup's link answers 503
 * while in standby and connects once the backup took over; it becomes the active one once the
 * hub has also been silent for 3 s on the seat's clock (nothing heard, its once-a-second
 * `studio.beat` included): commands go there, and its events are the seat's. The hub's link
 * becomes active again only while the backup's is not connected.
 *
 * - When the active link changes, the seat's watches are subscribed again there (watches
 *   resume), and the new watch ids are mapped back to the ones the pages hold.
 * - A command that got no answer is never sent again on its own: its seat is told "unknown:
 *   re-read" (seat.ts `linkFailure`), also when it still waits at an address the seat leaves
 *   (a hub frozen with its socket open: the backup serves only after 3 s of its silence). Only a request that surely never left (no connection)
 *   goes to another connected address.
 */
import type { EventMap, EventName } from '../../shared/bridge';
import { ok, type Result } from '../../shared/result';
import type { LeftUpload, SeatLink, SeatRole } from '../../shared/studio-model';
import type { EnqueueResult, UploadTarget } from '../../shared/uploads';
import type { CallContext } from '../core/command-registry';
import { addressesEventName, seatBeatEventName, type StudioAddress } from './follow-routes';
import { normalizeFingerprint } from './certificate';
import { silenceBeforeTakeoverMs, silenceCheckEveryMs } from './heartbeat';
import { seatCore, seatStatus, surelyNotSent, type SeatCore } from './seat';
import { credentialForBackup, verifiedAddresses } from './studio-trust';

type Listener = <E extends EventName>(event: E, payload: EventMap[E]) => void;

interface Link {
  address: StudioAddress;
  core: SeatCore;
  state: SeatLink['state'];
}

/** A watch a page of this seat holds: re-subscribed wherever the active link goes. */
interface HeldWatch {
  clientId: string;
  input: unknown;
  /** The id at the active link now (the page holds the first one). */
  currentId: string;
}

/** A seat core that follows its studio to the backup. */
export interface FailoverSeatCore extends SeatCore {
  /** Every address known, the active one first. */
  addresses(): StudioAddress[];
  /**
   * The files on this machine this seat queued at an address or lists as left behind: the
   * seat's host keeps its copies of them (a seat's own dropped files stay with it, to be
   * queued again at the backup).
   */
  heldPaths(): Set<string>;
  /** Files queued at an address this seat left (what `studio.status` says of them). */
  leftBehind(): LeftUpload[];
}

/**
 * The core of a seat of the studio at `hubUrl` that moves to the backup when the hub goes
 * silent (see the file comment). `credential` is presented at the hub only; a backup gets the
 * one made for its certificate (its hash reached it with the hub's beats).
 * @param options.onActive told when commands start going to another address.
 * @param options.now the seat's clock, epoch ms UTC (the hub's silence, when files were
 *   queued; default the system's).
 */
export function failoverSeatCore(options: {
  hubUrl: string;
  fingerprint: string;
  credential: string;
  seatName: string;
  role: SeatRole;
  onState?: (state: SeatLink['state']) => void;
  onActive?: (address: StudioAddress) => void;
  now?: () => number;
}): FailoverSeatCore {
  const now = options.now ?? Date.now;
  /** Files queued at each link (`upload.enqueue` answered ok there). */
  const queuedAt = new Map<Link, LeftUpload[]>();
  /** Files queued at links this seat left: said in `studio.status` until queued again. */
  const leftBehind: LeftUpload[] = [];
  const listeners = new Set<Listener>();
  const links: Link[] = [];
  const watches = new Map<string, HeldWatch>();
  let active: Link | null = null;
  let closed = false;

  const addLink = (address: StudioAddress): Link => {
    const fingerprint = normalizeFingerprint(address.fingerprint);
    const known = links.find((link) => link.address.fingerprint === fingerprint);
    if (known) return known;
    const link: Link = {
      address: { url: address.url, fingerprint },
      state: 'connecting',
      core: null as unknown as SeatCore,
    };
    const isHub = links.length === 0;
    link.core = seatCore({
      hubUrl: address.url,
      fingerprint,
      // The hub's credential goes to the hub only: a backup gets one made for its certificate.
      credential: isHub ? options.credential : credentialForBackup(options.credential, fingerprint),
      seatName: options.seatName,
      role: options.role,
      now,
      onState: (state) => {
        link.state = state;
        if (state === 'connected') moveIfDue();
        if (link === active) options.onState?.(state);
      },
    });
    links.push(link);
    // Every link streams from the start, a page listening or not: that is how the seat learns
    // the backup's address and notices its hub went silent.
    link.core.subscribe((event, payload) => relay(link, event, payload));
    return link;
  };

  const relay = (link: Link, event: EventName, payload: unknown) => {
    if ((event as string) === seatBeatEventName) return;
    if ((event as string) === addressesEventName) {
      // Only the hub this seat paired with gives addresses, and only signed with its key.
      const given = link === links[0] ? verifiedAddresses(payload, link.address.fingerprint) : null;
      if (given) takeAddresses(given);
      return;
    }
    if (link !== active) return;
    const mapped = mapWatchIds(event, payload);
    for (const listener of listeners) listener(event, mapped as never);
  };

  /** Rewrites a channels watch's id from the active link's to the one the page holds. */
  const mapWatchIds = (event: EventName, payload: unknown): unknown => {
    if (event !== 'watch.update' || watches.size === 0) return payload;
    const update = payload as { kind: string; watchId?: string; subject?: string };
    for (const [pageId, held] of watches) {
      if (held.currentId === pageId) continue;
      if (update.kind === 'channels' && update.watchId === held.currentId)
        return { ...update, watchId: pageId };
      if (update.kind === 'error' && update.subject === held.currentId)
        return { ...update, subject: pageId };
    }
    return payload;
  };

  /**
   * The backups of a signed address list from the hub: new ones are linked, ones no longer
   * listed (a revoked backup) are dropped, and a seat serving there goes back to its hub.
   */
  const takeAddresses = (given: StudioAddress[]) => {
    const hub = links[0];
    const listed = new Set(given.map((a) => a.fingerprint));
    for (const link of links.slice(1))
      if (!listed.has(link.address.fingerprint)) {
        links.splice(links.indexOf(link), 1);
        if (active === link && hub) void activate(hub);
        void link.core.dispose();
      }
    for (const address of given)
      if (address.fingerprint !== hub?.address.fingerprint) addLink(address);
  };

  /** How long the hub has been silent on the seat's clock, ms. */
  const hubSilentForMs = () => now() - (links[0]?.core.heardAt() ?? now());

  /**
   * Where commands should go now: a connected backup once the hub has been silent for 3 s
   * (a backup serves only after 3 s of the hub's silence too, and the seat never takes a
   * newly connected link's word for it); the hub again only while no backup it moved to is
   * connected. A hub that comes back while its backup serves is not followed back: the seats
   * stay where the budget now is.
   */
  const due = (): Link | null => {
    const hub = links[0];
    if (!active || !hub) return null;
    if (active === hub) {
      if (hubSilentForMs() < silenceBeforeTakeoverMs) return null;
      return links.find((l) => l !== hub && l.state === 'connected') ?? null;
    }
    if (active.state === 'connected') return null;
    return (
      links.find((l) => l !== hub && l !== active && l.state === 'connected') ??
      (hub.state === 'connected' ? hub : null)
    );
  };

  const moveIfDue = () => {
    const next = closed ? null : due();
    if (next) void activate(next);
  };
  const checking = setInterval(moveIfDue, silenceCheckEveryMs);
  checking.unref?.();

  const activate = async (link: Link) => {
    const left = active;
    active = link;
    // What waits at the address left (a hub gone silent, perhaps frozen with its socket
    // open) is answered "unknown: re-read" now, never sent again.
    if (left && left !== link) {
      left.core.abandonInFlight();
      // Files queued there stay on this machine; the seat says so until they are queued again.
      leftBehind.push(...(queuedAt.get(left) ?? []));
      queuedAt.delete(left);
    }
    options.onActive?.(link.address);
    options.onState?.(link.state);
    // Watches resume at the new link: the same specs, for the same pages.
    for (const held of watches.values()) {
      const again = await link.core.invoke('watch.subscribe', held.input, {
        clientId: held.clientId,
      });
      if (again.ok) held.currentId = (again.data as { watchId: string }).watchId;
    }
  };

  /**
   * Notes files queued at `via` (the active link when the command was sent; `answer` the
   * hub's `EnqueueResult`, whose refused files are not noted), and forgets the left-behind
   * files that this queues again.
   */
  const noteQueued = (via: Link, input: unknown, answer: unknown) => {
    const { paths, target } = input as { paths: string[]; target: UploadTarget };
    // Files the hub refused were never queued there: nothing of them is left behind.
    const refused = new Set(
      ((answer as Partial<EnqueueResult> | null)?.refused ?? []).map((r) => r.path),
    );
    const queued = paths.filter((path) => !refused.has(path));
    const list = queuedAt.get(via) ?? [];
    if (queued.length > 0)
      list.push({ hubUrl: via.address.url, paths: queued, target, queuedAt: now() });
    queuedAt.set(via, list);
    const again = new Set(paths);
    for (let i = leftBehind.length - 1; i >= 0; i -= 1) {
      const left = leftBehind[i];
      if (!left) continue;
      left.paths = left.paths.filter((path) => !again.has(path));
      if (left.paths.length === 0) leftBehind.splice(i, 1);
    }
  };

  const first = addLink({ url: options.hubUrl, fingerprint: options.fingerprint });
  active = first;

  const current = (): Link => active ?? first;

  const link = (): SeatLink => ({ ...current().core.link() });
  const copyLeftBehind = () => leftBehind.map((left) => ({ ...left, paths: [...left.paths] }));

  return {
    link,
    addresses() {
      return [current(), ...links.filter((l) => l !== current())].map((l) => l.address);
    },
    leftBehind: () => copyLeftBehind(),
    heldPaths() {
      const held = new Set<string>();
      for (const left of [...[...queuedAt.values()].flat(), ...leftBehind])
        for (const path of left.paths) held.add(path);
      return held;
    },
    async invoke(command, input, context: CallContext): Promise<Result<unknown>> {
      if (command === 'studio.status') return ok(seatStatus(link(), copyLeftBehind()));
      if (command === 'watch.unsubscribe') {
        const pageId = (input as { watchId?: unknown } | null)?.watchId;
        const held = typeof pageId === 'string' ? watches.get(pageId) : undefined;
        if (held && typeof pageId === 'string') {
          watches.delete(pageId);
          return current().core.invoke(command, { watchId: held.currentId }, context);
        }
      }
      moveIfDue();
      let via = current();
      let answer = await via.core.invoke(command, input, context);
      if (!answer.ok && surelyNotSent(answer.error)) {
        // Nothing left this desk: the address the seat should move to now may take it, once.
        moveIfDue();
        const other = current();
        if (other !== via && other.state === 'connected') {
          via = other;
          answer = await other.core.invoke(command, input, context);
        }
      }
      if (command === 'upload.enqueue' && answer.ok) noteQueued(via, input, answer.data);
      if (command === 'watch.subscribe' && answer.ok) {
        const watchId = (answer.data as { watchId: string }).watchId;
        watches.set(watchId, { clientId: context.clientId, input, currentId: watchId });
      }
      return answer;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dropClient(clientId) {
      for (const [pageId, held] of watches) if (held.clientId === clientId) watches.delete(pageId);
      current().core.dropClient(clientId);
    },
    rereadWatches() {
      // The serving hub's watches are its own: it re-reads them after its own sleep.
    },
    heardAt() {
      return current().core.heardAt();
    },
    abandonInFlight() {
      for (const l of links) l.core.abandonInFlight();
    },
    async dispose() {
      if (closed) return;
      closed = true;
      clearInterval(checking);
      listeners.clear();
      await Promise.all(links.map((l) => l.core.dispose()));
    },
  };
}
