/**
 * On air on the Schedule is never colour alone: a program block's accessible name says it is
 * on air or ended (a block yet to come keeps its plain name, `title, 09:00 UTC`), and a block
 * too narrow for its times still shows the words; the channel row says "On air:" before what
 * it plays (its dot is drawn only); the agenda's entry of a program on air says so in its
 * name. English and Korean. Forced colours are CSS (ProgramBlock.svelte), not seen by jsdom.
 */
import { QueryClient } from '@tanstack/svelte-query';
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../../src-main/shared/bridge';
import type { ChannelRow as Channel } from '../../../src-main/shared/channels-model';
import type { Program } from '../../../src-main/shared/model';
import type { Viewport } from '../../lib/schedule/geometry';

vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    // Nothing here reads from main: the agenda's programs are in the query cache.
    invoke: () => new Promise(() => undefined),
    on: () => () => undefined,
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { applyLanguageChoice } = await import('../../i18n/i18n.svelte');
const { agendaKey } = await import('../../lib/queries/schedule-agenda');
const { default: ProgramBlock } = await import('./ProgramBlock.svelte');
const { default: ChannelRow } = await import('./ChannelRow.svelte');
const { default: AgendaTestHost } = await import('./AgendaTestHost.svelte');

afterEach(() => {
  applyLanguageChoice('en');
  vi.restoreAllMocks();
});

const hour = 3_600_000;
const now = Date.parse('2026-11-25T09:30:00Z');
/** 09:00 to 10:00 UTC across 600 px: a 1-hour program is 600 px wide, 6 minutes 60 px. */
const view: Viewport = { startMs: Date.parse('2026-11-25T09:00:00Z'), spanMs: hour, widthPx: 600 };

function program(
  id: number,
  title: string,
  start: string,
  minutes: number,
  status: Program['status'],
): Program {
  const startMs = Date.parse(start);
  return {
    id,
    channelKey: 'ch-1',
    title,
    startAt: start,
    endAt: new Date(startMs + minutes * 60_000).toISOString(),
    durationS: minutes * 60,
    status,
    media: [],
    waitMediaContentKey: null,
    updatedAt: start,
  };
}

const noop = () => undefined;
function block(of: Program, onAir: boolean) {
  return render(ProgramBlock, {
    program: of,
    startMs: Date.parse(of.startAt),
    homeMs: Date.parse(of.startAt),
    view,
    selected: false,
    onAir,
    dragging: false,
    invalid: false,
    dropTarget: false,
    onpointerdown: noop,
    onpointermove: noop,
    onpointerup: noop,
    onkeydown: noop,
    onfocus: noop,
    ondragover: noop,
    ondrop: noop,
  });
}

describe('a program block', () => {
  it('names its state: on air, ended; a program to come keeps its plain name', () => {
    block(program(1, 'Morning Jazz', '2026-11-25T09:00:00Z', 60, 'onair'), true);
    block(program(2, 'Night News', '2026-11-25T08:00:00Z', 60, 'ended'), false);
    block(program(3, 'Noon Show', '2026-11-25T12:00:00Z', 60, 'scheduled'), false);
    expect(screen.getByRole('button', { name: 'Morning Jazz, 09:00 UTC, on air' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Night News, 08:00 UTC, ended' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Noon Show, 12:00 UTC' })).toBeTruthy();
  });

  it('shows "ON AIR" in words when too narrow for its times', () => {
    block(program(1, 'Jingle', '2026-11-25T09:28:00Z', 6, 'onair'), true);
    const shown = screen.getByRole('button', { name: 'Jingle, 09:28 UTC, on air' });
    expect(shown.textContent).toContain('ON AIR');
  });

  it('speaks Korean', () => {
    applyLanguageChoice('ko');
    block(program(1, 'Morning Jazz', '2026-11-25T09:00:00Z', 60, 'onair'), true);
    block(program(2, 'Night News', '2026-11-25T08:00:00Z', 60, 'ended'), false);
    expect(screen.getByRole('button', { name: 'Morning Jazz, 09:00 UTC, 방송중' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Night News, 08:00 UTC, 종료됨' })).toBeTruthy();
  });
});

const channel: Channel = {
  key: 'ch-1',
  title: 'Jazz FM',
  customerCode: 'jazz',
  status: 'enabled',
  trashed: false,
  type: 'scheduled',
  shared: false,
  viewerLimit: 100,
  useTimeshift: false,
  useChat: false,
  onAir: true,
  latestBroadcast: null,
  createdAt: null,
};

describe('a channel row', () => {
  function row(language: 'en' | 'ko') {
    applyLanguageChoice(language);
    render(ChannelRow, {
      channel,
      programs: [program(1, 'Morning Jazz', '2026-11-25T09:00:00Z', 60, 'onair')],
      view,
      now,
      selectedId: null,
      ghost: null,
      appendTargetId: null,
      loading: false,
      drawRange: null,
      onProgramPointer: noop,
      onProgramKey: noop,
      onProgramFocus: noop,
      onMediaOver: () => false,
      onMediaDrop: noop,
      onMediaOverProgram: () => false,
      onMediaDropOnProgram: noop,
    });
    return screen.getByTestId('onair-status').textContent;
  }

  it('says "On air:" before what it plays, not only a dot', () => {
    expect(row('en')).toBe('On air:Morning Jazz');
  });

  it('says it in Korean', () => {
    expect(row('ko')).toBe('방송중:Morning Jazz');
  });
});

describe('the agenda', () => {
  it('names an entry on air as such; one to come as before', async () => {
    // The list draws the rows in view: give jsdom, which lays nothing out, a size.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(400);
    const client = new QueryClient();
    client.setQueryData(agendaKey('2026-11-25T00:00:00Z', '2026-11-26T00:00:00Z'), {
      fetchedAt: now,
      data: [
        program(1, 'Morning Jazz', '2026-11-25T09:00:00Z', 60, 'onair'),
        program(2, 'Noon Show', '2026-11-25T12:00:00Z', 60, 'scheduled'),
      ],
    });
    render(AgendaTestHost, { client, dayOfMs: now, channels: [channel], now, onChoose: noop });
    expect(
      await screen.findByRole('button', {
        name: 'Show Morning Jazz on Jazz FM, on air since 09:00 UTC, in the timeline',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Show Noon Show on Jazz FM at 12:00 UTC in the timeline',
      }),
    ).toBeTruthy();
  });
});
