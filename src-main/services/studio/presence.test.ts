/**
 * Studio presence and conflicts across seats, over loopback TLS against a desk core on the
 * sandbox (the hub) and two seats: a seat's focus reaches the other seat's stream and the hub's
 * own listeners as "PD · Main Stage"; a seat whose stream closes, or that is revoked, leaves
 * the picture at once; a seat that comes back says where it was again. Two seats' edits of one
 * program never overwrite each other silently, and opposite recording commands of two seats
 * are refused with the earlier seat's words and sent only once the later seat confirms
 * ("re-read, then decide"). No platform call is spent on presence. 127.0.0.1 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Broadcast,
  ChannelSummary,
  Fresh,
  Page,
  Program,
  ProgramRead,
} from '../../shared/model';
import { scheduledChannels, type ChannelPage } from '../../shared/channels-model';
import type {
  PresenceEntry,
  PresenceListing,
  PresencePicture,
  PresenceReply,
} from '../../shared/presence-model';
import type { PairingCode, StudioHosting, StudioStatus } from '../../shared/studio-model';
import type { CallContext } from '../core/command-registry';
import { crossingWindowMs } from '../core/crossing';
import { memorySecrets, startTestCore, type TestCore } from '../app/test-support';
import type { SeatCore } from './seat';
import { openTestSeat } from './testing/studio-test-support';
import { PresenceBoard, presenceId } from './presence';

let rig: TestCore;
let hosting: StudioHosting;
const secrets = memorySecrets();
const seats: SeatCore[] = [];
/** Paths of duplicate-recording and program requests the hub's workspace sent. */
const platformCalls: string[] = [];
/** Every request the hub's workspace sent to the platform. */
let callCount = 0;

beforeAll(async () => {
  rig = await startTestCore({
    seed: 7,
    sandboxFetch: (request) => {
      callCount += 1;
      const path = new URL(request.url).pathname;
      if (path.endsWith('/duplicate-recording') || /\/programs\/\d+$/.test(path))
        platformCalls.push(`${request.method} ${path}`);
      return fetch(request);
    },
  });
  // The desk core's own hub, wired as the app wires it (desk-core.ts).
  hosting = await studio<StudioHosting>('studio.startHosting', { address: '127.0.0.1', port: 0 });
  const named = await rig.core.invoke(
    'settings.operatorName',
    { name: 'Hana' },
    { clientId: 'hub-page' },
  );
  if (!named.ok) throw new Error(named.error.message);
});

afterAll(async () => {
  for (const seat of seats) await seat.dispose();
  await rig.close();
});

/** Runs one of the hub's studio commands as its operator. */
async function studio<T>(command: string, input: unknown): Promise<T> {
  const answer = await rig.core.invoke(command, input, {
    clientId: 'hub-page',
    confirmation: { kind: 'again' },
  });
  if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
  return answer.data as T;
}

/** Pairs a seat named `name` and opens its core; `heard` collects its presence pictures. */
async function joinSeat(
  name: string,
  role: 'operator' | 'observer' = 'operator',
): Promise<{ seat: SeatCore; heard: PresencePicture[] }> {
  const seat = await openTestSeat({
    hosting,
    code: (await studio<PairingCode>('studio.newPairingCode', { role })).code,
    seatName: name,
    secrets,
  });
  seats.push(seat);
  const heard: PresencePicture[] = [];
  seat.subscribe((event, payload) => {
    if (event === 'presence.changed') heard.push(payload as PresencePicture);
  });
  await expect.poll(() => seat.link().state).toBe('connected');
  return { seat, heard };
}

const page: CallContext = { clientId: 'seat-page-1' };

async function data<T>(seat: SeatCore, command: string, input: unknown, context = page) {
  const result = await seat.invoke(command, input, context);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.data as T;
}

/** "PD · Main Stage" for each entry of the latest picture heard. */
function words(heard: PresencePicture[]): string[] {
  return (heard.at(-1)?.entries ?? []).map((e: PresenceEntry) => `${e.name} · ${e.channelTitle}`);
}

async function onAirChannels(seat: SeatCore): Promise<ChannelSummary[]> {
  const list = await data<Fresh<Page<ChannelSummary>>>(seat, 'channels.list', { perPage: 100 });
  return list.data.items.filter((c) => c.onAir && c.type !== 'scheduled' && c.latestBroadcast);
}

describe('presence across seats', () => {
  it('shows a seat’s focus to the other seat and at the hub, without a platform call', async () => {
    const pd = await joinSeat('PD');
    const op = await joinSeat('Op 2');
    const [main] = await onAirChannels(pd.seat);
    if (!main) throw new Error('the seed has no channel on air');
    const hubHeard: PresencePicture[] = [];
    const off = rig.core.subscribe((event, payload) => {
      if (event === 'presence.changed') hubHeard.push(payload as PresencePicture);
    });
    const calls = callCount;
    const said = await data<PresenceReply>(pd.seat, 'presence.report', {
      channelKey: main.key,
      channelTitle: main.title,
    });
    expect(said.entries.find((e) => e.id === said.you)).toMatchObject({
      name: 'PD',
      seat: true,
      role: 'operator',
      channelKey: main.key,
    });
    await expect.poll(() => words(op.heard)).toContain(`PD · ${main.title}`);
    await expect.poll(() => words(hubHeard)).toContain(`PD · ${main.title}`);

    // The hub's own operator, by the name the settings give.
    await rig.core.invoke(
      'presence.report',
      { channelKey: main.key, channelTitle: main.title },
      { clientId: 'hub-page' },
    );
    await expect.poll(() => words(op.heard)).toContain(`Hana · ${main.title}`);
    const hana = op.heard.at(-1)?.entries.find((e) => e.name === 'Hana');
    expect(hana).toMatchObject({ seat: false, role: null });
    // The client ids never travel: only their hashes.
    expect(JSON.stringify(op.heard)).not.toContain('hub-page');
    expect(hana?.id).toBe(presenceId('hub-page'));
    expect(callCount).toBe(calls);
    off();
  });

  it('counts a desk’s main window and its pop-out as one operator, apart from the others', async () => {
    const pd = await joinSeat('PD desk');
    const op = await joinSeat('Op desk');
    // The seat's main window and its popped-out control room, on the same channel.
    const window = { clientId: 'seat-window' };
    const popOut = { clientId: 'seat-pop-out' };
    const inWindow = await data<PresenceReply>(pd.seat, 'presence.report', noWhere('ch-e'), window);
    const inPopOut = await data<PresenceReply>(pd.seat, 'presence.report', noWhere('ch-e'), popOut);
    expect(inPopOut.you).not.toBe(inWindow.you);
    expect(inPopOut.desk).toBe(inWindow.desk);
    const pdPages = inPopOut.entries.filter((e) => e.name === 'PD desk');
    expect(pdPages.map((e) => e.desk)).toEqual([inWindow.desk, inWindow.desk]);
    // A Multiview pop-out that says nothing of itself still learns its desk.
    const listing = await data<PresenceListing>(
      pd.seat,
      'presence.list',
      {},
      {
        clientId: 'seat-multiview',
      },
    );
    expect(listing.desk).toBe(inWindow.desk);

    // Another seat and the hub's own pages are other desks; the hub's pages share one.
    const other = await data<PresenceReply>(op.seat, 'presence.report', noWhere('ch-e'));
    expect(other.desk).not.toBe(inWindow.desk);
    const hub = async (clientId: string) => {
      const answer = await rig.core.invoke('presence.report', noWhere('ch-e'), { clientId });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.data as PresenceReply;
    };
    const hubWindow = await hub('hub-window');
    const hubPopOut = await hub('hub-pop-out');
    expect(hubPopOut.desk).toBe(hubWindow.desk);
    expect([inWindow.desk, other.desk]).not.toContain(hubWindow.desk);
    // No seat id travels: the desk is a hash.
    expect(JSON.stringify(pd.heard)).not.toMatch(/seat-[0-9a-f]{16}-/);
  });

  it('carries a seat’s edit in progress to the other seats', async () => {
    const a = await joinSeat('Schedule desk');
    const b = await joinSeat('Graphics');
    await data(a.seat, 'presence.report', {
      channelKey: null,
      editing: { channelKey: 'ch-news', programId: 42, kind: 'moving' },
    });
    await expect
      .poll(() => b.heard.at(-1)?.entries.find((e) => e.name === 'Schedule desk')?.editing)
      .toEqual({ channelKey: 'ch-news', programId: 42, kind: 'moving' });
    await data(a.seat, 'presence.report', { channelKey: null, editing: null });
    await expect
      .poll(() => b.heard.at(-1)?.entries.find((e) => e.name === 'Schedule desk')?.editing)
      .toBeNull();
  });

  it('lets an observer say where it is (a read), and drops a page that closes', async () => {
    const viewer = await joinSeat('Producer', 'observer');
    const other = await joinSeat('Watcher');
    await data(viewer.seat, 'presence.report', { channelKey: 'ch-a', channelTitle: 'Studio A' });
    await expect.poll(() => words(other.heard)).toContain('Producer · Studio A');
    viewer.seat.dropClient(page.clientId);
    await expect
      .poll(() => words(other.heard), { timeout: 3000 })
      .not.toContain('Producer · Studio A');
  });

  it('drops a seat that goes away or is revoked within a few seconds, and takes it back', async () => {
    const gone = await joinSeat('Laptop');
    const revoked = await joinSeat('Tablet');
    const watcher = await joinSeat('Wall');
    await data(gone.seat, 'presence.report', { channelKey: 'ch-b', channelTitle: 'Studio B' });
    await data(revoked.seat, 'presence.report', { channelKey: 'ch-c', channelTitle: 'Studio C' });
    await expect.poll(() => words(watcher.heard)).toContain('Laptop · Studio B');
    await expect.poll(() => words(watcher.heard)).toContain('Tablet · Studio C');

    let started = performance.now();
    seats.splice(seats.indexOf(gone.seat), 1);
    await gone.seat.dispose();
    await expect
      .poll(() => words(watcher.heard), { timeout: 3000, interval: 20 })
      .not.toContain('Laptop · Studio B');
    expect(performance.now() - started).toBeLessThan(3000);

    started = performance.now();
    const status = await studio<StudioStatus>('studio.status', {});
    const id = status.seats.find((s) => s.name === 'Tablet')?.id ?? '';
    await studio('studio.revokeSeat', { seatId: id });
    await expect
      .poll(() => words(watcher.heard), { timeout: 3000, interval: 20 })
      .not.toContain('Tablet · Studio C');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('hears a seat again where it was once its stream comes back', async () => {
    const board = new PresenceBoard({ now: () => 0, emit: () => {}, hubOperator: () => 'x' });
    // Unit: a seat's pages leave with its stream (the prefix hub.ts gives them).
    board.report({ clientId: 'seat-abc-page', seat: 'S' }, noWhere('k1'));
    board.report({ clientId: 'hub-1' }, noWhere('k2'));
    board.dropSeat('abc');
    expect(board.list().entries.map((e) => e.name)).toEqual(['x']);

    const back = await joinSeat('Back');
    const watcher = await joinSeat('Wall 2');
    await data(back.seat, 'presence.report', { channelKey: 'ch-d', channelTitle: 'Studio D' });
    await expect.poll(() => words(watcher.heard)).toContain('Back · Studio D');
    // The hub stops and starts again on the same port: every stream closes, and every page is
    // forgotten until its seat says where it is again.
    const port = hosting.port;
    await studio('studio.stopHosting', {});
    hosting = await studio<StudioHosting>('studio.startHosting', { address: '127.0.0.1', port });
    await expect.poll(() => back.seat.link().state, { timeout: 5000 }).toBe('connected');
    await expect
      .poll(async () => {
        const now = await rig.core.invoke('presence.list', {}, { clientId: 'hub-page' });
        return now.ok ? (now.data as PresencePicture).entries.map((e) => e.name) : [];
      })
      .toContain('Back');
  });
});

function noWhere(channelKey: string) {
  return { channelKey, channelTitle: channelKey, editing: null };
}

/** The program as an editor read it (what the timeline carries with an edit). */
const readOf = (p: Program): ProgramRead => ({
  updatedAt: p.updatedAt,
  title: p.title,
  startAt: p.startAt,
  uploadFileKeys: p.media.map((m) => m.uploadFileKey),
  waitMediaContentKey: p.waitMediaContentKey,
});

describe('conflicts across seats', () => {
  it('never lets a second seat’s edit of a program overwrite the first’s silently', async () => {
    const a = await joinSeat('Sched A');
    const b = await joinSeat('Sched B');
    const channelPage = await data<Fresh<ChannelPage>>(a.seat, 'channels.list', {});
    const channels = scheduledChannels(channelPage.data.items, 'id_asc');
    const now = rig.sandbox.clock.now().getTime();
    let program: Program | undefined;
    for (const channel of channels) {
      const list = await data<Fresh<Program[]>>(a.seat, 'schedule.programs', {
        channelKey: channel.key,
        from: new Date(now + 3_600_000).toISOString(),
        to: new Date(now + 2 * 86_400_000).toISOString(),
      });
      program = list.data.find((p) => p.status === 'scheduled');
      if (program) break;
    }
    if (!program) throw new Error('the seed has no program that has not started');
    // Both seats read the same program; A's edit goes first.
    const asRead = readOf(program);
    const edit = { op: 'update', channelKey: program.channelKey, programId: program.id } as const;
    await data(a.seat, 'schedule.apply', {
      operation: { ...edit, title: `${program.title} (A)`, read: asRead },
    });
    const before = platformCalls.length;
    const second = { operation: { ...edit, title: `${program.title} (B)`, read: asRead } };
    const refused = await b.seat.invoke('schedule.apply', second, page);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('crossed');
    // B is told who changed it (the seat, by its way in) and asked.
    expect(refused.error.message).toBe(
      `“${program.title}” was changed since you read it by Sched A (a studio seat): its title. Overwrite it?`,
    );
    expect(platformCalls.length).toBe(before);
    const overridden = await b.seat.invoke('schedule.apply', second, {
      ...page,
      confirmation: { kind: 'override' },
    });
    expect(overridden.ok && (overridden.data as { program: Program }).program.title).toBe(
      `${program.title} (B)`,
    );
    expect(platformCalls.slice(before)).toEqual([expect.stringMatching(/^PUT /)]);
  });

  it('re-reads, then decides: a seat’s stop right after another seat’s start is asked first, and back', async () => {
    const a = await joinSeat('Rec A');
    const b = await joinSeat('Rec B');
    let broadcast: Broadcast | null = null;
    for (const channel of await onAirChannels(a.seat)) {
      const got = await data<Fresh<Broadcast>>(a.seat, 'broadcast.get', {
        broadcastKey: channel.latestBroadcast?.key,
      });
      if (!got.data.recording) {
        broadcast = got.data;
        break;
      }
    }
    if (!broadcast) throw new Error('the seed has no on-air broadcast that is not recording');
    const input = { broadcastKey: broadcast.key };
    const started = await data<Fresh<Broadcast>>(a.seat, 'broadcast.startRecording', input);
    expect(started.data.recording).toBe(true);
    const before = platformCalls.length;

    // B, a moment later, stops it: told what A did, and nothing is sent.
    const stop = { ...page, confirmation: { kind: 'again' } } as const;
    const crossed = await b.seat.invoke('broadcast.stopRecording', input, stop);
    expect(crossed.ok).toBe(false);
    if (crossed.ok) return;
    expect(crossed.error.code).toBe('crossed');
    expect(crossed.error.message).toMatch(
      /^Recording was started \d+ s ago by Rec A \(a studio seat\)\. Stop it\?$/,
    );
    expect(platformCalls.length).toBe(before);
    // B re-reads: the platform shows what A did. B decides to stop it: sent once.
    const reread = await data<Fresh<Broadcast>>(b.seat, 'broadcast.get', input);
    expect(reread.data.recording).toBe(true);
    const overridden = await b.seat.invoke('broadcast.stopRecording', input, {
      ...page,
      confirmation: { kind: 'override' },
    });
    expect(overridden.ok && (overridden.data as Fresh<Broadcast>).data.recording).toBe(false);
    expect(platformCalls.slice(before)).toEqual([expect.stringMatching(/^DELETE /)]);

    // A, not knowing, starts it again within the window: told that B stopped it.
    const again = await a.seat.invoke('broadcast.startRecording', input, page);
    expect(!again.ok && again.error.message).toMatch(
      /^Recording was stopped \d+ s ago by Rec B \(a studio seat\)\. Start it again\?$/,
    );
    expect(platformCalls.length).toBe(before + 1);
    // B's own start (a change of mind) is never asked.
    const own = await b.seat.invoke('broadcast.startRecording', input, page);
    expect(own.ok && (own.data as Fresh<Broadcast>).data.recording).toBe(true);
    expect(platformCalls.slice(before + 1)).toEqual([expect.stringMatching(/^POST /)]);
    expect(crossingWindowMs).toBe(10_000);
  });
});
