/**
 * DeskBridge over the browser host: commands as `POST /rpc/<command>`, events from
 * `GET /events` (server-sent events read with fetch, so the launch secret travels in the
 * Authorization header, never in a URL). The secret arrives once in the URL fragment
 * (`#k=…`); it is moved to sessionStorage (this tab only) and removed from the address bar.
 */
import type {
  CommandName,
  DeskBridge,
  EventMap,
  EventName,
  InvokeOptions,
} from '../../src-main/shared/bridge';
import type { Result } from '../../src-main/shared/result';

const storageKey = 'onair-desk.launch-secret';

/** Builds the bridge; reconnects the event stream with back-off when it drops. */
export function createBrowserBridge(): DeskBridge {
  const secret = takeSecret();
  const clientId = randomId();
  const headers = { Authorization: `Bearer ${secret}`, 'X-Desk-Client': clientId };
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let started = false;

  const dispatch = (event: string, data: string) => {
    const set = listeners.get(event as EventName);
    if (!set) return;
    const payload: unknown = JSON.parse(data);
    for (const listener of set) listener(payload);
  };

  const connect = async (attempt: number): Promise<void> => {
    try {
      const response = await fetch('/events', { headers, cache: 'no-store' });
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      await readEventStream(response.body, dispatch);
      attempt = 0;
    } catch {
      // The host went away or refused: try again, slower each time, at most every 10 s.
    }
    setTimeout(() => void connect(attempt + 1), Math.min(10_000, 500 * 2 ** attempt));
  };

  return {
    host: 'browser',
    async filePaths(files, onProgress) {
      const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
      let doneBytes = 0;
      const paths: string[] = [];
      try {
        // One at a time: the copy is disk-bound, and the order of the drop is kept.
        for (const file of files) {
          const response = await fetch(`/spool?name=${encodeURIComponent(file.name)}`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/octet-stream' },
            body: file,
          });
          const answer = (await response.json()) as Result<{ path: string }>;
          if (!answer.ok) return answer;
          paths.push(answer.data.path);
          doneBytes += file.size;
          onProgress?.(doneBytes, totalBytes);
        }
        return { ok: true, data: paths };
      } catch {
        return {
          ok: false,
          error: {
            code: 'network',
            message:
              'OnAir Desk stopped answering while taking the dropped files; drop them again.',
            text: { key: 'errors.hostStoppedDrop' },
          },
        };
      }
    },
    async invoke(
      command: CommandName,
      input: unknown,
      options: InvokeOptions = {},
    ): Promise<Result<never>> {
      try {
        const response = await fetch(`/rpc/${encodeURIComponent(command)}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            input,
            ...(options.via ? { via: options.via } : {}),
            ...(options.confirmation ? { confirmation: options.confirmation } : {}),
          }),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        // The host answers every command with a Result, 401/403 refusals included.
        const answer: unknown = await response.json();
        return answer as Result<never>;
      } catch (error) {
        // The asker stopped waiting (a query cancelled): not a host that went away.
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        return {
          ok: false,
          error: {
            code: 'network',
            message: 'OnAir Desk is not answering: is the app still running?',
            text: { key: 'errors.hostGone' },
          },
        };
      }
    },
    on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      if (!started) {
        started = true;
        void connect(0);
      }
      return () => set.delete(wrapped);
    },
  };
}

async function readEventStream(
  body: ReadableStream<Uint8Array>,
  dispatch: (event: string, data: string) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) dispatch(event, data.join('\n'));
    }
  }
}

/**
 * The address of a pop-out tab of this page (shared/pop-out-model.ts): the same page with the
 * pop-out's query, and the launch secret in the fragment, where a new tab takes it as the
 * first tab did (a tab's sessionStorage is its own). Only ever opened on this page's origin.
 */
export function popOutTabUrl(search: string): string {
  const secret = sessionStorage.getItem(storageKey) ?? '';
  return `${location.pathname}${search}#k=${secret}`;
}

/**
 * The launch secret this tab holds (empty before the bridge took it), for what must tell one
 * launch of the browser host from another without sending or showing it (lib/sound-player.ts
 * names its lock by a digest of it).
 */
export function launchSecret(): string {
  return sessionStorage.getItem(storageKey) ?? '';
}

function takeSecret(): string {
  const match = /[#&]k=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(storageKey, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
    return match[1];
  }
  return sessionStorage.getItem(storageKey) ?? '';
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
