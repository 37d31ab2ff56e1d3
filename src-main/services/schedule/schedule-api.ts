/**
 * The live API v1 program operations (resources/openapi/live-v1.yaml, tag Programs; the
 * scheduled channels are `channels.list`'s, shared/commands/channels.ts), one method each, over the typed `live.api`
 * client: every call through the account's scheduler at the priority given, lists read
 * page by page to the end. Answers are the platform's snake_case objects (schedule-mappers.ts
 * maps them). Every method throws `PlatformError` on a refusal and rejects with the
 * abort reason when `signal` aborts.
 */
import {
  unwrap,
  withPriority,
  type ApiResult,
  type PlatformFetch,
} from '../../platform/api-clients';
import type { LiveClient, LiveListMeta } from '../../platform/live-client';
import type { Priority, RequestScheduler } from '../../platform/scheduler';
import type { LiveProgramForm } from './schedule-mappers';

const sa = '/v1/live/service-accounts/{service_account_key}' as const;
/** Page size of every list read (the platform's maximum, spec: PerPage). */
const perPage = 100;
/** A list longer than this many pages is cut (a week of 1,000 programs is 10 pages). */
const maxPages = 50;

/** How one call is scheduled. */
export interface ProgramCallOptions {
  priority: Priority;
  signal?: AbortSignal;
}

/** Program operations of one service account. */
export class ProgramApi {
  constructor(
    private readonly live: LiveClient,
    private readonly scheduler: RequestScheduler,
    private readonly serviceAccountKey: string,
  ) {}

  /**
   * listChannelPrograms: programs overlapping `[from, to)` (`start_date`/`end_date`, ISO-8601),
   * ordered by start, every page. 422 for a channel that is not scheduled.
   */
  channelPrograms(channelKey: string, from: string, to: string, call: ProgramCallOptions) {
    return this.allPages(call, (page, fetch) =>
      this.live.api.GET(`${sa}/channels/{channel_key}/programs`, {
        params: {
          path: { ...this.path, channel_key: channelKey },
          query: { start_date: from, end_date: to, page, per_page: perPage },
        },
        fetch,
      }),
    );
  }

  /**
   * listPrograms: programs of every scheduled channel overlapping `[from, to)`
   * (`start_date`/`end_date`, ISO-8601 UTC), ordered by start, every page.
   */
  allPrograms(from: string, to: string, call: ProgramCallOptions) {
    return this.allPages(call, (page, fetch) =>
      this.live.api.GET(`${sa}/programs`, {
        params: {
          path: this.path,
          query: { start_date: from, end_date: to, page, per_page: perPage },
        },
        fetch,
      }),
    );
  }

  /** listProgramMediaContents (newest first), optionally by part of the title, every page. */
  media(keyword: string | undefined, call: ProgramCallOptions) {
    const query = keyword ? { keyword } : {};
    return this.allPages(call, (page, fetch) =>
      this.live.api.GET(`${sa}/programs/media-contents`, {
        params: { path: this.path, query: { ...query, page, per_page: perPage } },
        fetch,
      }),
    );
  }

  /** listWaitMediaContents (newest first), every page. */
  waitingScreens(call: ProgramCallOptions) {
    return this.allPages(call, (page, fetch) =>
      this.live.api.GET(`${sa}/programs/wait-media-contents`, {
        params: { path: this.path, query: { page, per_page: perPage } },
        fetch,
      }),
    );
  }

  /** createProgram (super administrator; 422 for the ProgramForm rules). */
  async create(channelKey: string, body: LiveProgramForm, call: ProgramCallOptions) {
    const fetch = this.fetchFor(call);
    const answer = await unwrap(
      this.live.api.POST(`${sa}/channels/{channel_key}/programs`, {
        params: { path: { ...this.path, channel_key: channelKey } },
        body,
        fetch,
      }),
      call.signal,
    );
    return answer.data;
  }

  /** updateProgram: omitted fields keep their value; 422 once the program has started. */
  async update(
    channelKey: string,
    programId: number,
    body: LiveProgramForm,
    call: ProgramCallOptions,
  ) {
    const answer = await unwrap(
      this.live.api.PUT(`${sa}/channels/{channel_key}/programs/{program_id}`, {
        params: { path: { ...this.path, channel_key: channelKey, program_id: programId } },
        body,
        fetch: this.fetchFor(call),
      }),
      call.signal,
    );
    return answer.data;
  }

  /** deleteProgram (204); 422 while the program is on air. */
  async remove(channelKey: string, programId: number, call: ProgramCallOptions): Promise<void> {
    await unwrap(
      this.live.api.DELETE(`${sa}/channels/{channel_key}/programs/{program_id}`, {
        params: { path: { ...this.path, channel_key: channelKey, program_id: programId } },
        fetch: this.fetchFor(call),
      }),
      call.signal,
    );
  }

  /**
   * deleteProgramMediaContent (204, permanent; super administrator). 422 while any program,
   * ended ones included, plays it.
   */
  async removeMedia(uploadFileKey: string, call: ProgramCallOptions): Promise<void> {
    await unwrap(
      this.live.api.DELETE(`${sa}/programs/media-contents/{upload_file_key}`, {
        params: { path: { ...this.path, upload_file_key: uploadFileKey } },
        fetch: this.fetchFor(call),
      }),
      call.signal,
    );
  }

  private async allPages<R>(
    call: ProgramCallOptions,
    read: (
      page: number,
      fetch: PlatformFetch,
    ) => Promise<ApiResult<{ data: R[]; meta: LiveListMeta }>>,
  ): Promise<R[]> {
    const fetch = this.fetchFor(call);
    const items: R[] = [];
    for (let page = 1; page <= maxPages; page += 1) {
      const list = await unwrap(read(page, fetch), call.signal);
      items.push(...list.data);
      if (page >= list.meta.last_page) break;
    }
    return items;
  }

  private fetchFor(call: ProgramCallOptions): PlatformFetch {
    return withPriority(this.scheduler, call.priority, call.signal);
  }

  private get path() {
    return { service_account_key: this.serviceAccountKey };
  }
}
