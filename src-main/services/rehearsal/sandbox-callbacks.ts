/**
 * The app's client of the sandbox's callback controls (docs/platform-facts.md, "Callbacks"):
 * `GET /__sandbox/callbacks/deliveries`, `POST /__sandbox/callbacks/deliveries/{id}/resend`,
 * `POST /__sandbox/callbacks/settings`, through the one sandbox-control client
 * (sandbox-control.ts). The sandbox listens on this machine; a base URL elsewhere is refused
 * before any request (the controls are loopback-only anyway).
 */
import { z } from 'zod';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { sandboxControl, type ControlRequest } from './sandbox-control';
import {
  callbackKinds,
  type CallbackDeliveryView,
  type DeliveryLog,
} from '../../shared/rehearsal-model';

const attemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  outcome: z.enum(['delivered', 'failed', 'refused']),
  http_status: z.number().int().nullable(),
  error: z.string().nullable(),
});
const deliverySchema = z.object({
  id: z.number().int(),
  kind: z.enum(callbackKinds),
  url: z.string(),
  status: z.enum(['pending', 'delivered', 'given_up', 'refused']),
  created_at: z.string(),
  payload: z.record(z.string(), z.string()),
  attempts: z.array(attemptSchema),
});
const logSchema = z.object({ deliver_outside: z.boolean(), deliveries: z.array(deliverySchema) });
const settingsSchema = z.object({ deliver_outside: z.boolean() });

/** The sandbox's callback controls. */
export interface SandboxCallbacks {
  /** The delivery log, newest first. @throws PlatformError `network` when the sandbox is silent. */
  list(): Promise<DeliveryLog>;
  /**
   * Resends delivery `id` now.
   * @throws PlatformError `not-found` (`rehearsalCallbacks.errors.deliveryGone`) when unknown;
   *   `network` when the sandbox is silent.
   */
  resend(id: number): Promise<CallbackDeliveryView>;
  /** Sets "deliver outside this machine"; answers it as the sandbox now has it. */
  setDeliverOutside(on: boolean): Promise<boolean>;
}

/**
 * The controls of the sandbox whose live base URL is `liveBaseUrl` (its origin is the
 * sandbox's). `fetchImpl` for tests.
 * @throws PlatformError `invalid-input` when the origin is not on this machine.
 */
export function sandboxCallbacks(
  liveBaseUrl: string,
  fetchImpl: typeof fetch = fetch,
): SandboxCallbacks {
  const unreachable = (reason: string) =>
    say('rehearsalCallbacks.errors.sandboxUnreachable', { reason });
  const control = sandboxControl(liveBaseUrl, {
    fetchImpl,
    refuse: (origin) =>
      new PlatformError({
        code: 'invalid-input',
        ...unreachable(`${origin} is not on this machine`),
      }),
    unreachable: (error) =>
      new PlatformError({
        code: 'network',
        ...unreachable(error instanceof Error ? error.message : String(error)),
      }),
  });
  const call = async <T>(
    path: string,
    schema: z.ZodType<T>,
    request: ControlRequest = {},
    onNotFound?: () => never,
  ): Promise<T> => {
    const answer = await control.send(`/callbacks${path}`, request);
    if (answer.status === 404 && onNotFound) onNotFound();
    if (!answer.ok)
      throw new PlatformError({
        code: 'platform',
        status: answer.status,
        ...unreachable(`HTTP ${answer.status}`),
      });
    return schema.parse(answer.body);
  };
  return {
    async list() {
      const log = await call('/deliveries', logSchema);
      return { deliverOutside: log.deliver_outside, deliveries: log.deliveries.map(toView) };
    },
    async resend(id) {
      const answer = await call(
        `/deliveries/${id}/resend`,
        z.object({ data: deliverySchema }),
        { method: 'POST' },
        () => {
          throw new PlatformError({
            code: 'not-found',
            ...say('rehearsalCallbacks.errors.deliveryGone', { id }),
          });
        },
      );
      return toView(answer.data);
    },
    async setDeliverOutside(on) {
      return (
        await call('/settings', settingsSchema, {
          method: 'POST',
          body: { deliver_outside: on },
        })
      ).deliver_outside;
    },
  };
}

function toView(delivery: z.infer<typeof deliverySchema>): CallbackDeliveryView {
  return {
    id: delivery.id,
    kind: delivery.kind,
    url: delivery.url,
    status: delivery.status,
    createdAt: delivery.created_at,
    payload: delivery.payload,
    attempts: delivery.attempts.map((entry) => ({
      attempt: entry.attempt,
      at: entry.at,
      outcome: entry.outcome,
      httpStatus: entry.http_status,
      error: entry.error,
    })),
  };
}
