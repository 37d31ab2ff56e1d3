/**
 * Recording files and broadcast data downloads (live-v1.yaml: listRecordingFiles,
 * listChannelRecordingFiles, listBroadcastRecordingFiles, getRecordingFileDownload,
 * getLikeDownload, getChattingDownload). Downloads are short-lived URLs (live-files.ts).
 * Typed from the generated OpenAPI types.
 */
import { viewersAt } from '../audience';
import { notFound, unprocessable } from '../../state/http-error';
import { optionalInstant } from '../live-dates';
import { issueDownload } from '../live-files';
import { presentRecordingFile } from '../live-present';
import type { RecordingFileRecord } from '../live-state';
import { findIn, removeWhere } from '../live-state';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { paginate } from '../../kernel/paging';
import { isoUtc } from '../../kernel/present';
import { hashUnit, mulberry32, pick } from '../../state/prng';
import type { BroadcastRecord } from '../../state/state';
import { findBroadcast, findChannel } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

const minuteMs = 60_000;

/** Handlers by operationId, given their slice: the seed, broadcasts, channels, live records. */
export function liveRecordingOperations({
  state,
  clock,
}: SliceContext<'seed' | 'broadcasts' | 'channels' | 'live'>): OperationHandlers {
  const live = state.live;
  /** One page of the files `matches` keeps, once the files past their 7 days are gone. */
  const list = (
    matches: (file: RecordingFileRecord) => boolean,
    query: Op<'live', 'listRecordingFiles'>['query'],
  ): Op<'live', 'listRecordingFiles'>['reply'] => {
    forgetExpired(live.recordingFiles, clock.nowMs());
    const files = live.recordingFiles.filter(matches);
    const kind = query.kind;
    const from = optionalInstant(query, 'start_date') ?? -Infinity;
    const to = optionalInstant(query, 'end_date') ?? Infinity;
    const direction = defaulted(query.order, 'order') === 'id_asc' ? 1 : -1;
    const filtered = files
      .filter((file) => kind === undefined || file.kind === kind)
      .filter((file) => file.startedAt.getTime() >= from && file.startedAt.getTime() < to)
      .sort((a, b) => direction * (a.id - b.id));
    const page = paginate(
      filtered,
      defaulted(query.page, 'page'),
      defaulted(query.per_page, 'per_page'),
    );
    return { data: page.items.map(presentRecordingFile), meta: page.meta };
  };
  /** The broadcast of the path, which must belong to the path's channel (else 404). */
  const channelBroadcast = (params: {
    channel_key: string;
    broadcast_key: string;
  }): BroadcastRecord => {
    const channel = findChannel(state, params.channel_key);
    const broadcast = findBroadcast(state, params.broadcast_key);
    if (broadcast.channelKey !== channel.key) {
      throw notFound(`broadcast of the channel "${channel.title}"`, broadcast.key);
    }
    return broadcast;
  };
  /**
   * The start of an ended broadcast, whose chat and like data can be downloaded (our rule,
   * docs/platform-facts.md: the data of a broadcast is complete once it ends, not before).
   * @throws ApiError 422 naming `what` when it never went on air or is still on air.
   */
  const ended = (broadcast: BroadcastRecord, what: string): Date => {
    if (broadcast.startedAt === null) {
      throw unprocessable(
        `The broadcast "${broadcast.title}" never went on air: it has no ${what} yet.`,
      );
    }
    if (broadcast.endedAt === null) {
      throw unprocessable(
        `The broadcast "${broadcast.title}" is still on air: its ${what} can be downloaded once it ends.`,
      );
    }
    return broadcast.startedAt;
  };

  return typedOperations<'live'>({
    listRecordingFiles: ({ query }) => {
      const channelKey = query.channel_key;
      return list((file) => channelKey === undefined || file.channelKey === channelKey, query);
    },

    listChannelRecordingFiles: ({ params, query }) => {
      const channel = findChannel(state, params.channel_key);
      return list((file) => file.channelKey === channel.key, query);
    },

    listBroadcastRecordingFiles: ({ params, query }) => {
      const broadcast = channelBroadcast(params);
      return list((file) => file.broadcastKey === broadcast.key, query);
    },

    getRecordingFileDownload: ({ params }) => {
      forgetExpired(live.recordingFiles, clock.nowMs());
      const broadcast = channelBroadcast(params);
      const id = params.recording_file_id;
      const file = findIn(
        live.recordingFiles,
        (candidate) => candidate.broadcastKey === broadcast.key && candidate.id === id,
        'recording file',
        id,
      );
      return {
        data: issueDownload(live, clock.now(), {
          fileName: file.fileName,
          contentType: 'video/mp4',
          body: recordingBytes(state.seed, file),
        }),
      };
    },

    getLikeDownload: ({ params }) => {
      const broadcast = findBroadcast(state, params.broadcast_key);
      const startedAt = ended(broadcast, 'like reactions');
      const channel = findChannel(state, broadcast.channelKey);
      const nowMs = clock.nowMs();
      const endMs = broadcast.endedAt?.getTime() ?? nowMs;
      const lines = ['minute_started_at,like_count'];
      for (let at = startedAt.getTime(); at < endMs; at += minuteMs) {
        const viewers = viewersAt(
          state.seed,
          broadcast,
          channel,
          Math.min(at + minuteMs, endMs),
          nowMs,
        );
        const likes = Math.round(viewers * 0.03 * hashUnit(state.seed, broadcast.key, 'likes', at));
        lines.push(`${isoUtc(new Date(at))},${likes}`);
      }
      return {
        data: issueDownload(live, clock.now(), {
          fileName: `${broadcast.key}_likes.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: `${lines.join('\n')}\n`,
        }),
      };
    },

    getChattingDownload: ({ params }) => {
      const broadcast = findBroadcast(state, params.broadcast_key);
      const startedAt = ended(broadcast, 'chat messages');
      const channel = findChannel(state, broadcast.channelKey);
      if (!channel.useChattingService) {
        throw unprocessable(
          `The channel "${channel.title}" does not use the service chat: there are no chat messages to download.`,
        );
      }
      const endMs = broadcast.endedAt?.getTime() ?? clock.nowMs();
      return {
        data: issueDownload(live, clock.now(), {
          fileName: `${broadcast.key}_chat.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: chatLog(state.seed, broadcast.key, startedAt.getTime(), endMs),
        }),
      };
    },
  });
}

/**
 * Recording files are kept 7 days from the broadcast date, then deleted (followed from the
 * public service guide: https://catenoid-support.atlassian.net/wiki/spaces/SUPJP/pages/2687839).
 */
export const recordingRetentionMs = 7 * 24 * 60 * minuteMs;

function forgetExpired(files: RecordingFileRecord[], nowMs: number): void {
  removeWhere(files, (file) => file.startedAt.getTime() + recordingRetentionMs <= nowMs);
}

/** The sandbox serves at most this many bytes of a recording, whatever `file_size` says. */
export const recordingBytesCap = 2 * 1024 * 1024;

/**
 * A small generated video file, deterministic per seed and file: an ISO-BMFF `ftyp` box
 * (`isom`, so players and `file` see an MP4) then an `mdat` box of pseudo-random bytes, in
 * all `min(file_size, recordingBytesCap)` bytes (at least the two box headers).
 */
export function recordingBytes(seed: number, file: RecordingFileRecord): Buffer {
  const size = Math.max(64, Math.min(file.fileSize, recordingBytesCap));
  const bytes = Buffer.alloc(size);
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  ftyp.copy(bytes, 0);
  bytes.writeUInt32BE(size - ftyp.length, ftyp.length);
  bytes.write('mdat', ftyp.length + 4, 'latin1');
  const random = mulberry32(Math.floor(hashUnit(seed, String(file.id), 'recording') * 2 ** 32));
  for (let at = ftyp.length + 8; at < size; at += 4) {
    const word = Math.floor(random() * 2 ** 32);
    for (let i = 0; i < 4 && at + i < size; i += 1) bytes[at + i] = (word >>> (8 * i)) & 0xff;
  }
  return bytes;
}

const phrases = [
  'hello from Lisbon!',
  'great sound today',
  'lol',
  'can you say hi to my mom',
  'GG',
  'what song is this?',
  '👏👏👏',
  'first time here',
  'the stream is smooth',
  'see you next week',
];
const chatters = [
  'mika_live',
  'jonas.tv',
  'ava_fan',
  'kofi',
  'lena_gg',
  'noah99',
  'yuna_on_air',
  'omarbeats',
];

/** A CSV chat log: 0 to 3 messages a minute (at most 2000 lines), deterministic per broadcast. */
function chatLog(seed: number, broadcastKey: string, startMs: number, endMs: number): string {
  const random = mulberry32(Math.floor(hashUnit(seed, broadcastKey, 'chat') * 2 ** 32));
  const lines = ['sent_at,user_key,nickname,message'];
  for (let at = startMs; at < endMs && lines.length < 2000; at += minuteMs) {
    const count = Math.floor(random() * 4);
    for (let i = 0; i < count; i += 1) {
      const nickname = pick(random, chatters);
      const sentAt = new Date(at + Math.floor(random() * minuteMs));
      lines.push(
        `${isoUtc(sentAt)},u-${nickname.replace(/\W/g, '')},${nickname},"${pick(random, phrases)}"`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
