/**
 * Bench section: how fast the sandbox platform answers, so tests and the app's default
 * workspace are not slowed by it. A mix of live and VOD reads (contract, channel list and
 * detail, broadcast list, profile groups, VOD countries and media list) is sent one at a time
 * over one keep-alive connection, rate limit and faults off, after a warm-up; the baseline is
 * a trivial Fastify route (`GET /ping` → `{ ok: true }`) measured the same way in the same run.
 * Times are real ms from request to the end of the body (client included, both sides alike).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { SandboxInfo } from '../src-main/sandbox/index';
import { startSandbox } from '../src-main/sandbox/index';
import { sized, type BenchSection, type BenchSectionResult } from './section';
import { percentile } from './stats';

const requests = sized(2000, 100);
const warmup = sized(200, 20);
const goalP99Ms = 20;
const goalRatioP50 = 10;

interface Figures {
  variant: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  perSecond: number;
  non200: number;
}

export const sandboxLatencySection: BenchSection = {
  id: 'sandbox-latency',
  title: 'Sandbox platform: request latency over keep-alive (rate limit off)',
  async run(): Promise<BenchSectionResult> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const baseline = Fastify();
    baseline.get('/ping', () => ({ ok: true }));
    await baseline.listen({ host: '127.0.0.1', port: 0 });
    const sandbox = await startSandbox({ rateLimit: false });
    try {
      const { port } = baseline.server.address() as AddressInfo;
      const urls = await sandboxUrls(sandbox.info);
      let next = 0;
      const [base, mixed] = await measureInterleaved(agent, [
        { name: 'trivial Fastify route', next: () => [`http://127.0.0.1:${port}/ping`, {}] },
        {
          name: 'sandbox live + VOD reads',
          next: () => {
            const url = urls[next++ % urls.length] ?? '';
            const headers: Record<string, string> = url.includes('/live/api/')
              ? { Authorization: `Bearer ${sandbox.info.tokens.super_admin}` }
              : {};
            return [url, headers];
          },
        },
      ]);
      if (base === undefined || mixed === undefined) throw new Error('a variant was not measured');
      const ratio = round(mixed.p50Ms / base.p50Ms);
      const rows = [base, mixed].map((f) => [
        f.variant,
        f.requests,
        f.p50Ms,
        f.p99Ms,
        f.meanMs,
        f.perSecond,
        f.non200,
      ]);
      return {
        table: {
          columns: ['variant', 'requests', 'p50 ms', 'p99 ms', 'mean ms', 'req/s', 'non-200'],
          rows,
        },
        goals: [
          {
            text: `sandbox p99 under ${goalP99Ms} ms`,
            pass: mixed.p99Ms < goalP99Ms && mixed.non200 === 0,
            measured: `p99 ${mixed.p99Ms} ms, ${mixed.non200} non-200`,
          },
          {
            text: `sandbox p50 within ${goalRatioP50}x a trivial route`,
            pass: ratio <= goalRatioP50,
            measured: `${ratio}x (${mixed.p50Ms} vs ${base.p50Ms} ms)`,
          },
        ],
        notes: [
          `${requests} sequential requests per variant after ${warmup} warm-up, one keep-alive socket, variants alternating in blocks of 100.`,
          `Sandbox mix (round robin): ${urls.length} reads; each goes through auth, validation and the handler.`,
          'Ratio = sandbox p50 / baseline p50: the cost of the platform emulation itself.',
        ],
        figures: { baseline: base, sandbox: mixed, ratioP50: ratio },
      };
    } finally {
      agent.destroy();
      await sandbox.close();
      await baseline.close();
    }
  },
};

async function sandboxUrls(info: SandboxInfo): Promise<string[]> {
  const live = `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}`;
  const vod = (path: string) =>
    `${info.vod_base_url}${path}${path.includes('?') ? '&' : '?'}access_token=${info.vod_access_token}`;
  const token = info.tokens.super_admin;
  const channels = (await (
    await fetch(`${live}/channels`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { data?: { key: string }[] };
  const channelKey = channels.data?.[0]?.key ?? 'unknown';
  return [
    `${live}/contracts`,
    `${live}/channels`,
    `${live}/channels/${channelKey}`,
    `${live}/broadcasts?per_page=10`,
    `${live}/profile-groups`,
    vod('/countries'),
    vod('/media-contents?per_page=10'),
  ];
}

type NextRequest = () => [string, Record<string, string>];

/**
 * Measures the variants in alternating blocks of 100 requests, so that GC pauses and CPU
 * noise fall on all of them alike.
 */
async function measureInterleaved(
  agent: http.Agent,
  variants: { name: string; next: NextRequest }[],
): Promise<Figures[]> {
  const block = 100;
  const times = variants.map(() => [] as number[]);
  const spentMs = variants.map(() => 0);
  const non200 = variants.map(() => 0);
  for (const variant of variants) {
    for (let i = 0; i < warmup; i += 1) await get(agent, ...variant.next());
  }
  for (let done = 0; done < requests; done += block) {
    for (const [index, variant] of variants.entries()) {
      for (let i = 0; i < block; i += 1) {
        const start = performance.now();
        const status = await get(agent, ...variant.next());
        const elapsed = performance.now() - start;
        times[index]?.push(elapsed);
        spentMs[index] = (spentMs[index] ?? 0) + elapsed;
        if (status !== 200) non200[index] = (non200[index] ?? 0) + 1;
      }
    }
  }
  return variants.map((variant, index) => {
    const measured = times[index] ?? [];
    const totalMs = spentMs[index] ?? 1;
    return {
      variant: variant.name,
      requests: measured.length,
      p50Ms: round(percentile(measured, 50)),
      p99Ms: round(percentile(measured, 99)),
      meanMs: round(totalMs / measured.length),
      // Requests per second of answer time, one at a time (client included).
      perSecond: Math.round((measured.length / totalMs) * 1000),
      non200: non200[index] ?? 0,
    };
  });
}

/** One GET; resolves the status once the body is read. */
function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { Accept: 'application/json', ...headers } });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
