/**
 * The command palette as the operator meets it: a dialog named "Command palette" with a
 * combobox and a listbox; declared commands with category and shortcut, disabled with the
 * reason; objects already in the query cache; 초성 search in Korean; typing calls nothing;
 * a command runs through the bridge with `via: 'palette'`, a destructive one only once
 * confirmed inside the palette, a command with inputs after asking for them.
 *
 * The bridge to main is the page's boundary (`window.desk`): a typed fake records what the
 * palette sends. What main does with it is the e2e spec's (e2e/palette.spec.ts).
 */
import { QueryClient } from '@tanstack/svelte-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge, InvokeOptions } from '../../../src-main/shared/bridge';
import type { Broadcast, ChannelSummary, WorkspaceState } from '../../../src-main/shared/model';
import type { PopOutKind } from '../../../src-main/shared/pop-out-model';
import type { SeatRole, StudioStatus } from '../../../src-main/shared/studio-model';

interface Sent {
  command: string;
  input: unknown;
  options: InvokeOptions | undefined;
}

const sent = vi.hoisted((): Sent[] => []);
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: (command: string, input: unknown, options?: InvokeOptions) => {
      sent.push({ command, input, options });
      // A pop-out opens as a window of the desktop app (hosts/pop-out-windows.ts answers so).
      if (command === 'window.popOutControlRoom')
        return Promise.resolve({ ok: true, data: { opened: 'window', kind: 'control-room' } });
      return Promise.resolve({ ok: true, data: null });
    },
    on: () => () => undefined,
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { applyLanguageChoice } = await import('../../i18n/i18n.svelte');
const { displayClock } = await import('../../lib/clock.svelte');
const { paletteState } = await import('../../lib/palette/state.svelte');
const { navigation } = await import('../../lib/navigation.svelte');
const { presence } = await import('../../lib/presence.svelte');
const { keys } = await import('../../lib/queries/keys');
const { showAskedView } = await import('../../lib/pop-out');
const { topBarViews } = await import('../../lib/navigation.svelte');
const { default: PaletteTestHost } = await import('./PaletteTestHost.svelte');

const now = Date.parse('2026-11-25T12:00:00Z');

function workspace(): WorkspaceState {
  return {
    active: {
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      apis: { live: true, vod: true },
      accounts: { live: null, vod: null },
      liveBaseUrl: '',
      vodBaseUrl: '',
      serviceAccountKey: '',
    },
    choices: [],
    tokens: {} as WorkspaceState['tokens'],
    status: 'ready',
    message: null,
    renewAccountId: null,
    role: 'super_admin',
  };
}

function broadcast(recording: boolean): Broadcast {
  return {
    key: 'b1',
    channelKey: 'c1',
    title: 'Keynote',
    onAir: true,
    paused: false,
    useTimeshift: true,
    startedAt: '2026-11-25T11:00:00Z',
    pausedAt: null,
    endedAt: null,
    cuePointAt: null,
    recording,
    recordingStartedAt: recording ? '2026-11-25T11:30:00Z' : null,
  };
}

function channel(key: string, title: string): ChannelSummary {
  return {
    key,
    title,
    customerCode: key,
    status: 'enabled',
    trashed: false,
    type: 'live',
    shared: false,
    viewerLimit: 100,
    useTimeshift: true,
    useChat: true,
    onAir: false,
    latestBroadcast: null,
    createdAt: null,
  };
}

/** A client holding what the app had read: the workspace, a channel list, a broadcast. */
function cache(recording = false): QueryClient {
  const client = new QueryClient();
  client.setQueryData(keys.workspaceState(), workspace());
  client.setQueryData(keys.channelList({ state: 'all', keyword: '', order: 'id_desc' }), {
    pages: [
      {
        data: {
          items: [channel('c1', 'Main stage'), channel('c2', '오후 뉴스')],
          page: 1,
          lastPage: 1,
          perPage: 20,
          total: 2,
        },
        fetchedAt: now - 1_000,
      },
    ],
    pageParams: [1],
  });
  client.setQueryData(keys.broadcast('b1'), { data: broadcast(recording), fetchedAt: now - 1_000 });
  client.setQueryData(['library', 'contents', 'list', {}], {
    items: [{ uploadFileKey: 'u1', mediaContentKey: 'm1', title: 'Product launch replay' }],
  });
  return client;
}

function open(client: QueryClient, name = 'Command palette', popOut: PopOutKind | null = null) {
  displayClock.now = now;
  const onClose = vi.fn();
  render(PaletteTestHost, { client, open: true, onClose, popOut });
  const dialog = screen.getByRole('dialog', { name });
  const box = within(dialog).getByRole('combobox');
  return { dialog, box, onClose };
}

const options = () => screen.getAllByRole('option');
const optionNamed = (name: RegExp) =>
  options().find((option) => name.test(option.textContent ?? ''));

beforeEach(() => {
  sent.length = 0;
  paletteState.broadcastKey = null;
  paletteState.jump = null;
  localStorage.clear();
});

afterEach(() => applyLanguageChoice('en'));

describe('CommandPalette', () => {
  it('is a dialog with a combobox and a listbox of declared commands and cached names', () => {
    const { dialog, box } = open(cache());
    expect(dialog).toHaveProperty('open', true);
    expect(box.getAttribute('aria-controls')).toBe(within(dialog).getByRole('listbox').id);
    const cue = optionNamed(/Set cue point now/);
    expect(cue?.textContent).toContain('Control room');
    expect(cue?.querySelector('kbd')?.textContent).toBe('C');
    expect(optionNamed(/^Main stage/)?.textContent).toContain('Channel');
    expect(optionNamed(/Product launch replay/)?.textContent).toContain('Content');
    expect(optionNamed(/Keynote/)?.textContent).toContain('Broadcast');
  });

  it('stays open when opened again before the close event of its last closing arrives', async () => {
    // Esc, then Ctrl+K at once: Chromium fires `close` a task after the dialog closed, and a
    // busy page can handle the key first (e2e/palette.spec.ts once met it on CI).
    displayClock.now = now;
    const onClose = vi.fn();
    const client = cache();
    const { rerender } = render(PaletteTestHost, { client, open: true, onClose });
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Command palette' });
    await fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await rerender({ client, open: false, onClose });
    expect(dialog.open).toBe(false);
    await rerender({ client, open: true, onClose });
    await new Promise((done) => setTimeout(done, 10));
    expect(dialog.open).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(options().length).toBeGreaterThan(0);
  });

  it('lists a broadcast command disabled, with the reason, when no broadcast is open', () => {
    open(cache());
    const cue = optionNamed(/Set cue point now/);
    expect(cue?.getAttribute('aria-disabled')).toBe('true');
    expect(cue?.textContent).toContain('Open a broadcast in the control room first.');
  });

  it('lists start recording disabled while the broadcast records, with main’s words', () => {
    paletteState.broadcastKey = 'b1';
    open(cache(true));
    const start = optionNamed(/Start recording/);
    expect(start?.getAttribute('aria-disabled')).toBe('true');
    expect(start?.textContent).toMatch(/record/i);
    expect(optionNamed(/Stop recording/)?.getAttribute('aria-disabled')).toBe('false');
  });

  it('filters as the operator types, sending nothing', async () => {
    const { box } = open(cache());
    await fireEvent.input(box, { target: { value: 'prod lau' } });
    expect(options()[0]?.textContent).toContain('Product launch replay');
    await fireEvent.input(box, { target: { value: 'zzzz' } });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Nothing matches.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('finds Korean titles by their initial consonants (초성)', async () => {
    applyLanguageChoice('ko');
    const { box } = open(cache(), '명령 팔레트');
    await fireEvent.input(box, { target: { value: 'ㅋㅍㅇㅌ' } });
    expect(options()[0]?.textContent).toContain('지금 큐 포인트 설정');
    await fireEvent.input(box, { target: { value: 'ㅇㅎㄴ' } });
    expect(options()[0]?.textContent).toContain('오후 뉴스');
    await fireEvent.input(box, { target: { value: '녹ㅎ' } });
    expect(options()[0]?.textContent).toMatch(/녹화/);
    // A Korean operator finds a command by its English name too.
    await fireEvent.input(box, { target: { value: 'cue point' } });
    expect(options()[0]?.textContent).toContain('지금 큐 포인트 설정');
  });

  it('runs cue point now through the bridge, way in "palette", and says so', async () => {
    paletteState.broadcastKey = 'b1';
    const { box } = open(cache());
    await fireEvent.input(box, { target: { value: 'cue now' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([
      {
        command: 'broadcast.setCuePoint',
        input: { broadcastKey: 'b1' },
        options: { via: 'palette' },
      },
    ]);
    expect(await screen.findByText('Done: Set cue point now')).toBeTruthy();
  });

  it('pops out the control room on the channel in focus, as its button does', async () => {
    presence.focus({ key: 'ch-7', title: 'Main stage' });
    try {
      const { box } = open(cache());
      await fireEvent.input(box, { target: { value: 'pop out control room' } });
      await fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() =>
        expect(sent.filter((one) => one.command === 'window.popOutControlRoom')).toEqual([
          {
            command: 'window.popOutControlRoom',
            input: { channelKey: 'ch-7' },
            options: { via: 'palette' },
          },
        ]),
      );
    } finally {
      presence.focus(null);
    }
  });

  it('asks before a destructive command and sends its confirmation only then', async () => {
    paletteState.broadcastKey = 'b1';
    const { box } = open(cache(true));
    await fireEvent.input(box, { target: { value: 'stop rec' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('Press Enter again to confirm');
    // Enter held down a moment too long is the same press repeating, not a second one.
    await fireEvent.keyDown(box, { key: 'Enter', repeat: true });
    await fireEvent.keyDown(box, { key: 'Enter', repeat: true });
    expect(sent).toEqual([]);
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([
      {
        command: 'broadcast.stopRecording',
        input: { broadcastKey: 'b1' },
        options: { via: 'palette', confirmation: { kind: 'again' } },
      },
    ]);
  });

  it('asks for a command’s inputs inside the palette (a new title)', async () => {
    paletteState.broadcastKey = 'b1';
    const { box } = open(cache());
    await fireEvent.input(box, { target: { value: 'rename broadcast' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    const title = screen.getByRole('textbox', { name: 'New title' });
    await fireEvent.input(title, { target: { value: 'Keynote, day 2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(sent).toEqual([
      {
        command: 'broadcast.rename',
        input: { broadcastKey: 'b1', title: 'Keynote, day 2' },
        options: { via: 'palette' },
      },
    ]);
  });

  it('says which view a command opens when the palette cannot pick its target', async () => {
    const { box } = open(cache());
    await fireEvent.input(box, { target: { value: 'delete content' } });
    const option = options()[0];
    expect(option?.textContent).toContain('Opens Library');
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(navigation.view).toBe('library');
    expect(sent).toEqual([]);
  });

  it('does not run a disabled command: it says why', async () => {
    const { box } = open(cache());
    await fireEvent.input(box, { target: { value: 'cue now' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(sent).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain(
      'Open a broadcast in the control room first.',
    );
  });

  it('finds programs, categories and VOD channels already read, and says where they open', async () => {
    const client = cache();
    client.setQueryData(keys.programs('s1', 'a', 'b'), {
      data: [
        {
          id: 7,
          channelKey: 's1',
          title: 'Evening film',
          startAt: '2026-11-25T18:00:00Z',
          endAt: '2026-11-25T20:00:00Z',
          durationS: 7200,
          status: 'scheduled',
          media: [],
          waitMediaContentKey: null,
        },
      ],
      fetchedAt: now,
    });
    client.setQueryData(
      ['library', 'categories'],
      [{ key: 'k1', name: 'Lectures', parentKey: null }],
    );
    client.setQueryData(['library', 'channels'], [{ key: 'v1', name: 'Campus VOD' }]);
    const { box } = open(client);
    expect(optionNamed(/Evening film/)?.textContent).toContain('Program');
    expect(optionNamed(/Lectures/)?.textContent).toContain('Category');
    expect(optionNamed(/Campus VOD/)?.textContent).toContain('VOD channel');
    await fireEvent.input(box, { target: { value: 'evening' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(navigation.view).toBe('schedule');
    expect(paletteState.jump).toEqual({
      view: 'schedule',
      kind: 'program',
      key: '7',
      channelKey: 's1',
    });
    expect(sent).toEqual([]);
  });

  it('jumps to a channel and puts the latest choice first next time', async () => {
    const client = cache();
    const { box, onClose } = open(client);
    await fireEvent.input(box, { target: { value: 'main st' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(onClose).toHaveBeenCalled();
    expect(navigation.view).toBe('control-room');
    expect(paletteState.jump).toEqual({ view: 'control-room', kind: 'channel', key: 'c1' });
    expect(JSON.parse(localStorage.getItem('onair-desk.palette.recent') ?? '[]')).toEqual([
      'channel:c1',
    ]);
  });

  describe('at a studio seat', () => {
    /** What the status bar last read: this desk joined to a hub with `role`, or none. */
    function studio(client: QueryClient, role: SeatRole | null): QueryClient {
      const status: StudioStatus = {
        hosting: null,
        seats: [],
        codes: [],
        pairingLockedUntil: null,
        seat: role && {
          hubUrl: 'https://192.0.2.10:7443/',
          fingerprint: 'AB:CD',
          seatName: 'Desk 2',
          role,
          state: 'connected',
        },
      };
      client.setQueryData(keys.studioStatus(), status);
      return client;
    }
    const disabled = (name: RegExp) => optionNamed(name)?.getAttribute('aria-disabled');

    it('lists what an observer may not run disabled, in its words, and sends nothing', async () => {
      paletteState.broadcastKey = 'b1';
      const { box } = open(studio(cache(true), 'observer'));
      const observer = 'This seat is an observer: it sees everything and changes nothing.';
      const hubs =
        'The hub’s own (accounts, workspaces, the studio, where the sandbox’s callbacks go): run it at the hub.';
      for (const [name, reason] of [
        [/Stop recording/, observer],
        [/Create VOD channel/, observer],
        [/Switch workspace/, hubs],
        [/New pairing code/, hubs],
      ] as const) {
        expect(disabled(name)).toBe('true');
        expect(optionNamed(name)?.textContent).toContain(reason);
      }
      // The seat's own (its windows) run on the seat: never the hub's to refuse.
      expect(disabled(/Pop out Multiview/)).toBe('false');
      await fireEvent.input(box, { target: { value: 'stop rec' } });
      await fireEvent.keyDown(box, { key: 'Enter' });
      await fireEvent.keyDown(box, { key: 'Enter' });
      expect(sent).toEqual([]);
      expect(screen.getByRole('status').textContent).toBe(`Not now: ${observer}`);
    });

    it('lets an operator seat change the platform, not the hub’s own commands', () => {
      paletteState.broadcastKey = 'b1';
      open(studio(cache(true), 'operator'));
      expect(disabled(/Stop recording/)).toBe('false');
      expect(disabled(/Create VOD channel/)).toBe('false');
      expect(disabled(/Switch workspace/)).toBe('true');
      expect(disabled(/New pairing code/)).toBe('true');
    });

    it('says why in Korean', () => {
      applyLanguageChoice('ko');
      paletteState.broadcastKey = 'b1';
      open(studio(cache(true), 'observer'), '명령 팔레트');
      expect(optionNamed(/새 페어링 코드/)?.textContent).toContain('허브에서 실행하세요.');
      expect(
        options().some((option) => option.textContent?.includes('이 좌석은 관찰자입니다.')),
      ).toBe(true);
    });

    it('changes nothing on a desk that is not a seat', () => {
      paletteState.broadcastKey = 'b1';
      open(studio(cache(true), null));
      expect(disabled(/Stop recording/)).toBe('false');
      expect(disabled(/Switch workspace/)).toBe('false');
      expect(disabled(/New pairing code/)).toBe('false');
    });
  });

  describe('in a pop-out, which draws only its own view', () => {
    const popOutOpen = (kind: PopOutKind) => {
      navigation.go(kind);
      return open(cache(), 'Command palette', kind);
    };

    it('opens a channel from the Multiview in the main window, where the control room selects it', async () => {
      const { box, onClose } = popOutOpen('multiview');
      expect(optionNamed(/^Main stage/)?.textContent).toContain(
        'Opens Control room in the main window',
      );
      await fireEvent.input(box, { target: { value: 'main st' } });
      await fireEvent.keyDown(box, { key: 'Enter' });
      const jump = { view: 'control-room', kind: 'channel', key: 'c1' } as const;
      expect(sent).toEqual([
        { command: 'window.showMainView', input: { jump }, options: { via: 'palette' } },
      ]);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      // The pop-out stays what it is; the main window's page takes the jump.
      expect(navigation.view).toBe('multiview');
      expect(paletteState.jump).toBe(null);
      showAskedView({ jump }, topBarViews(true));
      expect(navigation.view).toBe('control-room');
      expect(paletteState.jump).toEqual(jump);
    });

    it('opens a command’s view in the main window', async () => {
      const { box, onClose } = popOutOpen('control-room');
      await fireEvent.input(box, { target: { value: 'delete content' } });
      expect(options()[0]?.textContent).toContain('Opens Library in the main window');
      await fireEvent.keyDown(box, { key: 'Enter' });
      expect(sent).toEqual([
        { command: 'window.showMainView', input: { view: 'library' }, options: { via: 'palette' } },
      ]);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(navigation.view).toBe('control-room');
    });

    it('focuses a channel in the control room pop-out itself, where the operator is looking', async () => {
      const { box, onClose } = popOutOpen('control-room');
      expect(optionNamed(/^Main stage/)?.textContent).not.toContain('main window');
      await fireEvent.input(box, { target: { value: 'main st' } });
      await fireEvent.keyDown(box, { key: 'Enter' });
      expect(sent).toEqual([]);
      expect(onClose).toHaveBeenCalled();
      expect(paletteState.jump).toEqual({ view: 'control-room', kind: 'channel', key: 'c1' });
    });

    it('leaves a pop-out’s Shift+N as it was: the main window counts its own top bar', () => {
      navigation.go('control-room');
      showAskedView({ place: 3 }, topBarViews(false));
      expect(navigation.view).toBe('schedule');
      showAskedView({ place: 10 }, topBarViews(false));
      expect(navigation.view).toBe('activity');
      expect(paletteState.jump).toBe(null);
    });

    it('says it in Korean', () => {
      applyLanguageChoice('ko');
      navigation.go('multiview');
      open(cache(), '명령 팔레트', 'multiview');
      expect(optionNamed(/^Main stage/)?.textContent).toContain('메인 창에서 컨트롤 룸 화면 열기');
    });
  });
});
