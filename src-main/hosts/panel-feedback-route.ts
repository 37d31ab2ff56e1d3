/**
 * The control API's `GET /api/v1/feedback` (panel-api.ts): what the buttons show
 * (services/panels/panel-feedback.ts), as one JSON picture, or as a server-sent event stream
 * (`event: feedback`) for `Accept: text/event-stream`, pushed at once on every event of the
 * core, looked at every {@link feedbackTickMs} for figures going stale, and kept alive every
 * 1 s ({@link keepAliveEveryTicks}) so a panel can tell a hung desk. While a stream is
 * open, the reachability probe (services/panels/reachability.ts: a TCP connection to the live
 * API's origin, or to the proxy in front of it; no platform call) marks every button stale
 * within about 2 s of it going away. A stream is its panel's for as long as the panel is known:
 * revoking the panel ends its open streams at once (the next request is refused 401), as the
 * studio hub cuts off a revoked seat.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Clock } from '../platform/clock';
import type { DeskCoreWithPanels } from '../services/app/desk-core';
import type { PanelRegistry } from '../services/panels/panel-registry';
import { openEventStream } from '../services/core/event-stream';
import type { PanelFeedbackState } from '../services/panels/panel-feedback';
import {
  ReachabilityProbe,
  probeTargetOf,
  probeTargetThrough,
  type Connector,
  type ProbeTarget,
  type ProxyFor,
} from '../services/panels/reachability';

/** How often the feedback stream looks for a change (staleness included), ms. */
export const feedbackTickMs = 500;

/**
 * Every this many ticks (2: every 1 s), the stream writes a keep-alive, changed or not: a panel
 * that hears nothing for a few seconds can then tell a hung desk from a quiet one and draw its
 * buttons stale (the Companion module after 3 s, integrations/companion/src/desk-client.ts,
 * `silentAfterMs`). Loopback only: one comment line a second costs nothing.
 */
export const keepAliveEveryTicks = 2;

/**
 * The reachability probe while a feedback stream is open: where (default the open
 * workspace's live API origin), how (default a TCP connection), how often (default 1 s).
 */
export interface FeedbackProbeOptions {
  target?: () => ProbeTarget | null;
  connect?: Connector;
  intervalMs?: number;
}

/**
 * Adds the feedback route to `app`; `probe` false: no probe. `proxyFor`: the proxy the
 * host's network sends a URL's requests through (the default probe tests it). `panels`: the
 * registry whose changes end the streams of a panel no longer in it (the route reads the
 * panel from `request.panel`, set by the control API's token check). Answers the function
 * that stops the probe and ends the open streams.
 */
export function feedbackRoute(
  app: FastifyInstance,
  options: {
    core: Pick<DeskCoreWithPanels, 'subscribe' | 'now'>;
    clock: Clock;
    feedback: PanelFeedbackState;
    probe: false | FeedbackProbeOptions;
    proxyFor?: ProxyFor;
    panels: Pick<PanelRegistry, 'list' | 'onChange'>;
  },
): { close: () => void } {
  const { core, clock, feedback, panels } = options;
  /** Each open stream and the id of the panel that opened it. */
  const streams = new Map<ServerResponse, string>();
  const offPanels = panels.onChange(() => {
    const known = new Set(panels.list().map((panel) => panel.id));
    for (const [res, panelId] of streams) if (!known.has(panelId)) res.end();
  });
  /** Each open stream's push, called at once when the probe's finding changes. */
  const pushers = new Set<() => void>();
  const probeOptions = options.probe === false ? null : options.probe;
  const probe = probeOptions
    ? new ReachabilityProbe({
        clock,
        target:
          probeOptions.target ??
          (() => {
            const { proxyFor } = options;
            const base = core.now().liveBaseUrl;
            return proxyFor ? probeTargetThrough(base, proxyFor) : probeTargetOf(base);
          }),
        onChange: (reachable, at) => {
          feedback.originReachable(reachable, at);
          for (const push of pushers) queueMicrotask(push);
        },
        ...(probeOptions.connect ? { connect: probeOptions.connect } : {}),
        ...(probeOptions.intervalMs ? { intervalMs: probeOptions.intervalMs } : {}),
      })
    : null;

  app.get('/api/v1/feedback', (request, reply) => {
    const accept = request.headers.accept ?? '';
    if (!accept.includes('text/event-stream'))
      return reply
        .header('Cache-Control', 'no-store')
        .send({ ok: true, data: feedback.snapshot() });
    // Kept alive on the panel API's clock, every `keepAliveEveryTicks` ticks, not by the
    // stream's own heartbeat: a desk whose clock stops writes nothing, as a hung desk should.
    const stream = openEventStream(request, reply, {
      onClose: () => {
        streams.delete(stream.res);
        pushers.delete(push);
        clock.clearTimeout(timer);
        off();
        release();
      },
    });
    let last = '';
    const push = () => {
      // A push queued before the panel went away writes nothing.
      if (stream.closed) return;
      const picture = feedback.snapshot();
      const same = JSON.stringify({ ...picture, at: 0 });
      if (same === last) return;
      last = same;
      stream.send('feedback', picture);
    };
    push();
    // Pushed at once on every event, and looked at every tick for figures going stale.
    const off = core.subscribe(() => queueMicrotask(push));
    let ticks = 0;
    let timer: unknown = null;
    const tick = () => {
      push();
      ticks += 1;
      if (ticks % keepAliveEveryTicks === 0) stream.keepAlive();
      timer = clock.setTimeout(tick, feedbackTickMs);
    };
    timer = clock.setTimeout(tick, feedbackTickMs);
    streams.set(stream.res, request.panel?.id ?? '');
    pushers.add(push);
    const release = probe?.acquire() ?? (() => undefined);
  });
  return {
    close: () => {
      probe?.stop();
      offPanels();
      for (const res of streams.keys()) res.end();
    },
  };
}
