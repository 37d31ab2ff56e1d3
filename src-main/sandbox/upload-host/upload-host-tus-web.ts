/**
 * A tus PATCH handed to @tus/server as a Web request whose body views the socket's buffers
 * without copying them.
 *
 * Why: @tus/server 2 takes a Node request through srvx, which turns its body into a Web stream
 * with `Readable.toWeb`; in Node 20 that copies every chunk (`new Uint8Array(buffer)`), and the
 * tus server turns it back with `Readable.fromWeb`. On a 1 GB upload the copy is a tenth of the
 * receiving process's time, and the sandbox's receiving thread is what limits an upload's speed
 * on a 2-core machine (bench: uploads, docs/dev/benchmarks.md, "Benchmarks"). Only PATCH carries large bodies;
 * every other tus request still goes through `Server.handle`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@tus/server';

/** Chunks the body stream holds before it pauses the socket (backpressure). */
const bodyHighWaterMark = 4;

/**
 * The Web request of `raw` (method, URL, headers), its body a stream of views of the chunks
 * as they arrive. A client that goes away mid-body ends the stream there (the tus server stores
 * what arrived; the answer goes nowhere); cancelling the stream destroys the request, as
 * `Readable.toWeb` does.
 */
export function webRequestOf(raw: IncomingMessage): Request {
  let open = true;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // A client gone mid-body ends the body where it stopped, as @tus/server does through
        // `handle` (it ends its stream on the request's error): what arrived is stored, and the
        // offset stays short of the length, so the upload is not finished.
        const stop = (): void => {
          if (!open) return;
          open = false;
          controller.close();
        };
        raw.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
        raw.once('end', stop);
        raw.once('error', stop);
        raw.once('close', stop);
        raw.pause();
      },
      pull() {
        raw.resume();
      },
      cancel(reason) {
        open = false;
        raw.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: bodyHighWaterMark },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = new URL(raw.url ?? '/', `http://${raw.headers.host ?? 'localhost'}`);
  // `duplex: 'half'` (a streamed request body) is Node's fetch; TypeScript's DOM types lack it.
  const init: RequestInit & { duplex: 'half' } = {
    method: raw.method ?? 'PATCH',
    headers,
    body,
    duplex: 'half',
  };
  return new Request(url, init);
}

/** Hands `raw` to the tus server as {@link webRequestOf} and writes its answer to `res`. */
export async function handleTusPatch(
  tus: Server,
  raw: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const response = await tus.handleWeb(webRequestOf(raw));
  const text = response.body === null ? null : Buffer.from(await response.arrayBuffer());
  if (res.destroyed) return;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(text ?? undefined);
}
