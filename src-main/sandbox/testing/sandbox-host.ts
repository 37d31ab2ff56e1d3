/**
 * The end-to-end suite's sandbox process (e2e/sandbox-process.ts starts one per Playwright
 * worker): a small loopback server that starts and stops sandboxes in this process, one per
 * test, so the platform's rate limit measures the spacing of the app's calls on a process the
 * page driver cannot stall (issue 34, "Tests that never need a retry"; docs/dev/sandbox.md).
 *
 * Started as `node --import tsx src-main/sandbox/testing/sandbox-host.ts`; it prints one JSON
 * line on stdout, `{"url":"http://127.0.0.1:PORT/"}`, then serves until its stdin closes or it
 * gets SIGTERM. Its routes (JSON bodies):
 * - `POST /sandboxes` with `SandboxOptions` (`startAt` as ISO 8601; port 0 unless given): starts one; answers
 *   `{ id, info, probeKey }`;
 * - `POST /sandboxes/{id}/call` with `{ name, args }`: calls one of the handle's methods in
 *   {@link methods} and answers `{ value }` (a thrown error: 400 with its message);
 * - `DELETE /sandboxes/{id}`: closes it; answers `{ served }`, its UI coverage
 *   (ServedOperations.report).
 * Test harness: nothing in production imports it.
 */
import Fastify from 'fastify';
import type { SandboxHandle, SandboxOptions } from '../index';
import { startSandbox } from '../index';

/** The handle's methods a test may call through the host, by their dotted names. */
export const methods = {
  'clock.advance': (handle, ms: number) => handle.clock.advance(ms),
  'clock.status': (handle) => ({ speed: handle.clock.speed, paused: handle.clock.paused }),
  issueToken: (handle, options?: Parameters<SandboxHandle['issueToken']>[0]) =>
    handle.issueToken(options),
  revokeToken: (handle, token: string) => handle.revokeToken(token),
  setRateLimit: (handle, enabled: boolean) => handle.setRateLimit(enabled),
  'faults.update': (handle, change: Parameters<SandboxHandle['faults']['update']>[0]) =>
    handle.faults.update(change),
  'faults.clear': (handle) => handle.faults.clear(),
  'callbacks.settle': (handle) => handle.callbacks.settle(),
  'encoders.set': (handle, key: string, command: 'live' | 'off') =>
    handle.encoders.set(key, command),
  'encoders.status': (handle, key: string) => handle.encoders.status(key),
  'encoders.list': (handle) => handle.encoders.list(),
  'encoders.runDue': (handle) => handle.encoders.runDue(),
  'encoders.reconnectWindowMs': (handle) => handle.encoders.reconnectWindowMs,
  'uploads.stored': (handle, key: string) => handle.uploads.stored(key) ?? null,
  'uploads.receivedBytes': (handle) => handle.uploads.receivedBytes(),
  'uploads.setThrottle': (handle, bytesPerSecond: number | null) =>
    handle.uploads.setThrottle(bytesPerSecond),
  'uploads.setMode': (handle, mode: 'tus' | 'multipart') => handle.uploads.setMode(mode),
  'scenarios.status': (handle) => handle.scenarios.status(),
  'calls.counts': (handle) => handle.calls.counts(),
  'served.asked': (handle) => handle.served.asked(),
} satisfies Record<string, (handle: SandboxHandle, ...args: never[]) => unknown>;

/** A method's name. */
export type MethodName = keyof typeof methods;

type Options = Omit<SandboxOptions, 'startAt'> & { startAt?: string };

async function main(): Promise<void> {
  const sandboxes = new Map<string, SandboxHandle>();
  let next = 0;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.post('/sandboxes', async (request) => {
    const { startAt, ...options } = (request.body ?? {}) as Options;
    const handle = await startSandbox({
      port: 0,
      ...options,
      ...(startAt === undefined ? {} : { startAt: new Date(startAt) }),
    });
    next += 1;
    const id = String(next);
    sandboxes.set(id, handle);
    return { id, info: handle.info, probeKey: handle.probeKey };
  });
  app.post('/sandboxes/:id/call', async (request, reply) => {
    const handle = sandboxes.get((request.params as { id: string }).id);
    const { name, args = [] } = (request.body ?? {}) as { name: string; args?: unknown[] };
    if (handle === undefined) return reply.code(404).send({ error: 'No such sandbox.' });
    if (!Object.hasOwn(methods, name)) return reply.code(404).send({ error: `No method ${name}.` });
    const method = methods[name as MethodName] as (h: SandboxHandle, ...a: unknown[]) => unknown;
    try {
      // JSON has no undefined: an argument left out arrives as null.
      const value = await method(handle, ...args.map((arg) => arg ?? undefined));
      return { value: value ?? null };
    } catch (error) {
      return reply
        .code(400)
        .send({ error: error instanceof Error ? error.message : String(error) });
    }
  });
  app.delete('/sandboxes/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const handle = sandboxes.get(id);
    if (handle === undefined) return reply.code(404).send({ error: 'No such sandbox.' });
    sandboxes.delete(id);
    const served = handle.served.report();
    await handle.close();
    return { served };
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`${JSON.stringify({ url: `${address}/` })}\n`);
  const stop = (): void => {
    void Promise.allSettled([...sandboxes.values()].map((handle) => handle.close()))
      .then(() => app.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The worker that started this process is gone: stop with it.
  process.stdin.on('end', stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox host: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
