/**
 * Programs of scheduled channels and their media (live-v1.yaml: listPrograms,
 * listChannelPrograms, createProgram, updateProgram, deleteProgram, listProgramMediaContents,
 * createProgramMediaUploadUrl, deleteProgramMediaContent, listWaitMediaContents,
 * createWaitFileUploadUrl). Rules: live-program-rules.ts. Typed from the generated OpenAPI types.
 */
import { unprocessable } from '../../state/http-error';
import { optionalInstant, utcDay } from '../live-dates';
import { issueUploadUrl } from '../live-files';
import { checkProgram, programChanges, requireScheduled } from '../live-program-rules';
import { presentProgram, presentProgramMedia, presentWaitMedia, programEnd } from '../live-present';
import type { ProgramRecord } from '../live-state';
import { newKey, nextId } from '../../state/ids';
import { findIn, removeWhere } from '../live-state';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import { paginate } from '../../kernel/paging';
import { findChannel } from '../../state/state';
import type { Op } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';

/** Handlers by operationId, given their slice of the state: the live records and the channels. */
export function liveProgramOperations({
  state,
  clock,
}: SliceContext<'live' | 'channels' | 'ids'>): OperationHandlers {
  const live = state.live;
  const now = (): Date => new Date(Math.floor(clock.nowMs() / 1000) * 1000);
  /** One page of `programs` meeting the query's period, by start. */
  const page = (
    programs: ProgramRecord[],
    query: Op<'live', 'listChannelPrograms'>['query'],
  ): Op<'live', 'listChannelPrograms'>['reply'] => {
    const from = optionalInstant(query, 'start_date') ?? -Infinity;
    const to = optionalInstant(query, 'end_date') ?? Infinity;
    const kept = programs
      .filter((p) => p.startAt.getTime() < to && programEnd(live, p).getTime() > from)
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    const result = paginate(
      kept,
      defaulted(query.page, 'page'),
      defaulted(query.per_page, 'per_page'),
    );
    const at = clock.now();
    return { data: result.items.map((p) => presentProgram(live, p, at)), meta: result.meta };
  };
  const programOf = (params: Op<'live', 'updateProgram'>['params']): ProgramRecord => {
    const channel = findChannel(state, params.channel_key);
    const id = params.program_id;
    return findIn(live.programs, (p) => p.channelKey === channel.key && p.id === id, 'program', id);
  };

  return typedOperations<'live'>({
    listPrograms: ({ query }) => {
      const channelKey = query.channel_key;
      return page(
        live.programs.filter((p) => channelKey === undefined || p.channelKey === channelKey),
        query,
      );
    },

    listChannelPrograms: ({ params, query }) => {
      const channel = findChannel(state, params.channel_key);
      requireScheduled(channel);
      return page(
        live.programs.filter((p) => p.channelKey === channel.key),
        query,
      );
    },

    createProgram: ({ params, body }) => {
      const channel = findChannel(state, params.channel_key);
      const changes = programChanges(body);
      const at = now();
      const draft: ProgramRecord = {
        id: 0,
        channelKey: channel.key,
        title: changes.title ?? '',
        startAt: changes.startAt ?? new Date(Number.NaN),
        mediaKeys: changes.mediaKeys ?? [],
        waitMediaKey: changes.waitMediaKey ?? null,
        createdAt: at,
        updatedAt: at,
      };
      checkProgram(live, channel, draft, undefined, at);
      const program = { ...draft, id: nextId(state) };
      live.programs.push(program);
      return { data: presentProgram(live, program, at) };
    },

    updateProgram: ({ params, body }) => {
      const program = programOf(params);
      const channel = findChannel(state, program.channelKey);
      const at = now();
      if (program.startAt.getTime() <= at.getTime()) {
        throw unprocessable(
          `The program "${program.title}" has already started: only programs that have not started can be changed.`,
        );
      }
      const changes = programChanges(body);
      const draft: ProgramRecord = {
        ...program,
        title: changes.title ?? program.title,
        startAt: changes.startAt ?? program.startAt,
        mediaKeys: changes.mediaKeys ?? program.mediaKeys,
        waitMediaKey:
          changes.waitMediaKey === undefined ? program.waitMediaKey : changes.waitMediaKey,
        updatedAt: at,
      };
      checkProgram(live, channel, draft, program, at);
      Object.assign(program, draft);
      return { data: presentProgram(live, program, at) };
    },

    deleteProgram: ({ params }) => {
      const program = programOf(params);
      const at = clock.nowMs();
      if (program.startAt.getTime() <= at && at < programEnd(live, program).getTime()) {
        throw unprocessable(
          `The program "${program.title}" is on air now: it can be deleted once it ends.`,
        );
      }
      removeWhere(live.programs, (candidate) => candidate === program);
      return undefined;
    },

    listProgramMediaContents: ({ query }) => {
      const keyword = query.keyword?.toLowerCase() ?? '';
      const media = live.programMedia
        .filter((item) => item.title.toLowerCase().includes(keyword))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const result = paginate(
        media,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return {
        data: result.items.map((item) => presentProgramMedia(live, item)),
        meta: result.meta,
      };
    },

    createProgramMediaUploadUrl: ({ query }) => {
      const at = clock.now();
      const key = `${utcDay(at.getTime()).replaceAll('-', '')}-${newKey(state, 8)}`;
      return {
        data: issueUploadUrl(
          live,
          at,
          'program-media',
          key,
          defaulted(query.expire_time, 'expire_time'),
        ),
      };
    },

    deleteProgramMediaContent: ({ params }) => {
      const key = params.upload_file_key;
      findIn(live.programMedia, (item) => item.uploadFileKey === key, 'program media content', key);
      // Any program, ended ones too: their end_at is derived from the media durations.
      const users = live.programs.filter((p) => p.mediaKeys.includes(key));
      const first = users[0];
      if (first !== undefined) {
        throw unprocessable(
          `The media content is played by ${users.length} program(s), e.g. "${first.title}" at ${first.startAt.toISOString()}. Delete those programs or remove it from them first.`,
        );
      }
      removeWhere(live.programMedia, (item) => item.uploadFileKey === key);
      return undefined;
    },

    listWaitMediaContents: ({ query }) => {
      const keyword = query.keyword?.toLowerCase() ?? '';
      const media = live.waitMedia
        .filter((item) => item.title.toLowerCase().includes(keyword))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const result = paginate(
        media,
        defaulted(query.page, 'page'),
        defaulted(query.per_page, 'per_page'),
      );
      return { data: result.items.map(presentWaitMedia), meta: result.meta };
    },

    // 600 s like the VOD default (observed: expire_time default 600).
    createWaitFileUploadUrl: () => ({
      data: issueUploadUrl(live, clock.now(), 'wait-media', newKey(state, 16), 600),
    }),
  });
}
