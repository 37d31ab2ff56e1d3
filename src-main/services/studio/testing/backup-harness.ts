/**
 * The takeover drill: a sandbox platform on loopback (its rate limit on), a hub, a backup and
 * one operator seat in this process, each desk with its own data folder and keychain (the
 * backup's accounts are its own: it never receives a token). The seat renames a broadcast
 * every `everyMs` with a new title each time; in the middle of that workload the hub dies
 * just after the platform took one rename and before the seat got its answer. The drill
 * reports when the backup took over, when it accepted a command again, how the seat was
 * told about the command in flight, and how often the platform received each rename
 * (counted at the sandbox: none may come twice). Used by backup.test.ts and by
 * `npm run bench -- studio`.
 *
 * With `hubStops: 'freezes'` the hub does not die: everyone reaches it through a loopback TCP
 * relay that, at the same moment, stops passing bytes while keeping every socket open (a hub
 * whose process hangs), so the seat's command waits on an open connection.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../sandbox/index';
import { memorySecrets } from '../../app/test-support';
import type { StudioStatus, LeftUpload } from '../../../shared/studio-model';
import { followHub } from '../backup';
import {
  desk,
  firstBroadcastKey,
  keyOf,
  outcomeOf,
  sleep,
  until,
  type DrillOutcome,
} from './drill-desks';
import { failoverSeatCore } from '../failover-seat';
import { freezableRelay } from './freezable-relay';
import { createStudioHub } from '../hub';
import { pairSeat } from '../seat';

export type { DrillOutcome } from './drill-desks';

/** One rename the seat sent. */
export interface DrillCommand {
  /** Its unique title (the operation's identity at the platform). */
  title: string;
  /** Epoch ms (the drill's clock) when the seat sent it and when it was answered. */
  sentAt: number;
  answeredAt: number;
  outcome: DrillOutcome;
  /** The error's catalogue key when it failed. */
  errorKey?: string;
  /** Which address answered it: the hub (`hub`) or the backup (`backup`). */
  by: 'hub' | 'backup';
}

/** What the drill saw. Times are epoch ms on the drill's clock; durations ms. */
export interface TakeoverReport {
  commands: DrillCommand[];
  /** When the hub died. */
  killedAt: number;
  /** The hub's last beat as the backup received it, and when the backup took over. */
  lastBeatAt: number;
  takenOverAt: number;
  /** When the backup's pipeline first accepted a seat's command after the hub died. */
  firstAcceptedAt: number | null;
  /** When a seat's command was first answered ok by the backup. */
  firstAnsweredAt: number | null;
  /** `firstAcceptedAt - killedAt` (goal ≤ 5000), or null when none was accepted. */
  acceptedWithinMs: number | null;
  /** Renames (PUT broadcasts/{key}) the sandbox received, and how many per title. */
  renamesAtPlatform: number;
  perTitle: Record<string, number>;
  /** Titles the platform received more than once (goal: none). */
  duplicates: string[];
  /** 429s of the platform's rate limit during the drill (not injected). */
  throttled: number;
  /**
   * Updates of the page's channel-list watch (subscribed once, at the hub) before the hub
   * died and after the backup took over: the watch resumed when this is above 0.
   */
  watchUpdatesBeforeKill: number;
  watchUpdatesAfterTakeover: number;
  /**
   * With `uploadBeforeKill`: the files the seat said it queued at the dead hub (its
   * `studio.status`), whether queuing them again at the backup was answered ok, and how many
   * the seat still listed after that.
   */
  uploads: { leftBehind: LeftUpload[]; requeuedOk: boolean; leftAfter: number } | null;
}

/**
 * Runs the drill (see the file comment) and answers its report; everything it started is
 * stopped before it resolves.
 * @param options.commandsBeforeKill renames answered by the hub before it dies (default 3).
 * @param options.commandsAfterKill renames sent after it died (default 6).
 * @param options.everyMs the workload's pace (default 1500 ms).
 * @param options.now the drill's clock (default `Date.now`).
 * @throws Error when the sandbox, a desk or the pairing cannot start.
 */
export async function runTakeoverDrill(
  options: {
    commandsBeforeKill?: number;
    commandsAfterKill?: number;
    everyMs?: number;
    now?: () => number;
    log?: (line: string) => void;
    /** The seat queues a small file at the hub before it goes silent (default false). */
    uploadBeforeKill?: boolean;
    /** How the hub goes silent: its server stops (`dies`, default) or it hangs (`freezes`). */
    hubStops?: 'dies' | 'freezes';
  } = {},
): Promise<TakeoverReport> {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const everyMs = options.everyMs ?? 1500;
  const before = options.commandsBeforeKill ?? 3;
  const after = options.commandsAfterKill ?? 6;
  const sandbox = await startSandbox({ port: 0, rateLimit: true, seed: 7 });
  const root = await mkdtemp(join(tmpdir(), 'onair-takeover-'));
  const cleanups: (() => Promise<void>)[] = [
    async () => rm(root, { recursive: true, force: true }),
  ];
  cleanups.unshift(() => sandbox.close());
  try {
    /** Renames that reached the sandbox's socket, per title, from either desk. */
    const countTitles: Record<string, number> = {};
    /** The hub "process": once dead, nothing of it reaches the network. */
    let hubDead = false;
    let killArmed = false;
    let killedAt = 0;
    let kill: () => Promise<void> = () => Promise.resolve();
    const renameTitle = async (request: Request): Promise<string | null> => {
      if (request.method !== 'PUT' || !/\/broadcasts\/[^/]+$/.test(new URL(request.url).pathname))
        return null;
      // The live API takes form fields (spec, Endpoints).
      return new URLSearchParams(await request.clone().text()).get('title');
    };
    /** The wire to the sandbox of both desks: each rename counted as it leaves. */
    const wire = async (
      request: Request,
    ): Promise<{ title: string | null; response: Response }> => {
      const title = await renameTitle(request);
      if (title !== null) countTitles[title] = (countTitles[title] ?? 0) + 1;
      return { title, response: await fetch(request) };
    };

    // The hub's desk: its platform calls pass here; the kill lands between the platform's
    // answer to a rename and the seat's answer.
    const hubCore = await desk(join(root, 'hub-desk'), sandbox.info, async (request) => {
      if (hubDead) throw new Error('The hub process is gone.');
      const { title, response } = await wire(request);
      if (title !== null && killArmed) {
        killArmed = false;
        hubDead = true;
        killedAt = now();
        await kill();
        throw new Error('The hub process is gone.');
      }
      return response;
    });
    cleanups.unshift(() => hubCore.dispose());

    let firstAcceptedAt: number | null = null;
    const backupCore = await desk(
      join(root, 'backup-desk'),
      sandbox.info,
      async (request) => (await wire(request)).response,
    );
    cleanups.unshift(() => backupCore.dispose());

    const hub = await createStudioHub({ dataDir: join(root, 'hub-desk'), now, log });
    hub.attach(hubCore);
    const served = await hub.start('127.0.0.1', 0);
    cleanups.unshift(() => hub.stop());
    let hosting = served;
    if (options.hubStops === 'freezes') {
      const relay = await freezableRelay(Number(new URL(served.url).port));
      cleanups.unshift(() => relay.close());
      hosting = { ...served, url: `https://127.0.0.1:${relay.port}/` };
      kill = () => Promise.resolve(relay.freeze());
    } else
      kill = async () => {
        await hub.stop();
      };

    // The backup pairs like a seat, with a code of role backup, and keeps its credential.
    const backupSecrets = memorySecrets();
    const backupPaired = await pairSeat({
      url: hosting.url,
      fingerprint: hosting.fingerprint,
      code: hub.newPairingCode('backup').code,
      seatName: 'Backup',
      secrets: backupSecrets,
    });
    const standby = await createStudioHub({ dataDir: join(root, 'backup-desk'), now, log });
    standby.attach({
      invoke(command, input, context) {
        if (hubDead && firstAcceptedAt === null) firstAcceptedAt = now();
        return backupCore.invoke(command, input, context);
      },
      subscribe: (listener) => backupCore.subscribe(listener),
      dropClient: (clientId) => backupCore.dropClient(clientId),
      adoptUploads: (uploads) => backupCore.adoptUploads(uploads),
    });
    await standby.start('127.0.0.1', 0);
    cleanups.unshift(() => standby.stop());
    const follower = followHub({
      hubUrl: hosting.url,
      fingerprint: hosting.fingerprint,
      credential: backupPaired.credential,
      own: standby,
      seedBudget: () => backupCore.assumeFullMinute(),
      now,
      log,
    });
    cleanups.unshift(() => follower.dispose());

    // The operator's seat.
    const paired = await pairSeat({
      url: hosting.url,
      fingerprint: hosting.fingerprint,
      code: hub.newPairingCode('operator').code,
      seatName: 'Operator 1',
      secrets: memorySecrets(),
    });
    let by: 'hub' | 'backup' = 'hub';
    const seat = failoverSeatCore({
      hubUrl: hosting.url,
      fingerprint: hosting.fingerprint,
      credential: paired.credential,
      seatName: paired.seatName,
      role: paired.role,
      onActive: (address) => {
        by = address.fingerprint === hosting.fingerprint.toUpperCase() ? 'hub' : 'backup';
      },
    });
    cleanups.unshift(() => seat.dispose());
    /** Channel-list updates the page's watch got, and when (the drill's clock). */
    const watchUpdates: number[] = [];
    let pageWatchId = '';
    seat.subscribe((event, payload) => {
      const update = payload as { kind?: string; watchId?: string };
      if (event === 'watch.update' && update.kind === 'channels' && update.watchId === pageWatchId)
        watchUpdates.push(now());
    });
    // Wait until the seat knows both addresses and the backup follows.
    log('drill: waiting for both addresses');
    await until(() => seat.addresses().length === 2 && follower.state().seats > 0, 10_000);
    log('drill: ready');

    const ctx = { clientId: 'drill-page-1' };
    const watched = await seat.invoke('watch.subscribe', { spec: { kind: 'channels' } }, ctx);
    if (!watched.ok) throw new Error(`watch.subscribe: ${watched.error.message}`);
    pageWatchId = (watched.data as { watchId: string }).watchId;
    const channels = await seat.invoke('channels.list', {}, ctx);
    const key = firstBroadcastKey(channels);
    const upload = {
      paths: [join(root, 'drill-clip.mp4')],
      target: { kind: 'vod' as const, title: 'Takeover drill clip' },
    };
    if (options.uploadBeforeKill) {
      // An MP4's `ftyp` box first: the hub queues it (a refused file is not left behind).
      const clip = Buffer.alloc(64 * 1024, 1);
      clip.writeUInt32BE(24, 0);
      clip.write('ftypisom', 4, 'latin1');
      await writeFile(upload.paths[0] ?? '', clip);
      const queued = await seat.invoke('upload.enqueue', upload, ctx);
      if (!queued.ok) throw new Error(`upload.enqueue: ${queued.error.message}`);
    }
    const commands: DrillCommand[] = [];
    const send = async (n: number) => {
      const title = `Takeover drill ${String(n).padStart(3, '0')}`;
      const sentAt = now();
      log(`drill: sending ${title}`);
      const answer = await seat.invoke('broadcast.rename', { broadcastKey: key, title }, ctx);
      log(`drill: ${title} -> ${JSON.stringify(answer).slice(0, 200)}`);
      commands.push({
        title,
        sentAt,
        answeredAt: now(),
        outcome: outcomeOf(answer),
        ...(answer.ok ? {} : { errorKey: keyOf(answer.error) }),
        by,
      });
    };
    let n = 0;
    for (; n < before; n += 1) {
      await send(n);
      await sleep(everyMs);
    }
    killArmed = true;
    for (let i = 0; i < after + 1; i += 1, n += 1) {
      const started = now();
      await send(n);
      await sleep(Math.max(0, everyMs - (now() - started)));
    }
    const takenOverAt = await Promise.race([
      follower.takenOver(),
      sleep(10_000).then(() => {
        throw new Error('The backup never took over.');
      }),
    ]);
    // Commands go first: the watch's first poll at the backup may wait for the workload's end.
    await until(() => watchUpdates.some((at) => at > takenOverAt), 20_000).catch(() => undefined);
    let uploads: TakeoverReport['uploads'] = null;
    if (options.uploadBeforeKill) {
      const leftOf = async () => {
        const status = await seat.invoke('studio.status', {}, ctx);
        return status.ok ? ((status.data as StudioStatus).uploadsLeftBehind ?? []) : [];
      };
      const leftBehind = await leftOf();
      const again = await seat.invoke('upload.enqueue', upload, ctx);
      uploads = { leftBehind, requeuedOk: again.ok, leftAfter: (await leftOf()).length };
    }
    const state = follower.state();
    // Counted at the sandbox: the renames it received, per title through the desks' fetches.
    const asked = sandbox.served.asked().live;
    const renamesAtPlatform = Object.entries(asked)
      .filter(([operation]) => /updateBroadcast$/.test(operation))
      .reduce((sum, [, count]) => sum + count, 0);
    const firstAnswered = commands.find((c) => c.by === 'backup' && c.outcome === 'ok');
    return {
      commands,
      killedAt,
      lastBeatAt: state.phase === 'serving' ? state.hubSilentSinceAt : 0,
      takenOverAt,
      firstAcceptedAt,
      firstAnsweredAt: firstAnswered?.answeredAt ?? null,
      acceptedWithinMs: firstAcceptedAt === null ? null : firstAcceptedAt - killedAt,
      renamesAtPlatform,
      perTitle: { ...countTitles },
      duplicates: Object.entries(countTitles)
        .filter(([, count]) => count > 1)
        .map(([title]) => title),
      throttled: sandbox.calls.counts().reduce((sum, minute) => sum + minute.throttled, 0),
      watchUpdatesBeforeKill: watchUpdates.filter((at) => at < killedAt).length,
      watchUpdatesAfterTakeover: watchUpdates.filter((at) => at > takenOverAt).length,
      uploads,
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}
