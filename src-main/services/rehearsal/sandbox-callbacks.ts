/**
 * The app's client of the sandbox's callback controls (docs/platform-facts.md, "Callbacks"):
 * `GET /__sandbox/callbacks/deliveries`, `POST /__sandbox/callbacks/deliveries/{id}/resend`,
 * `POST /__sandbox/callbacks/settings`. The sandbox listens on this machine; a base URL
 * elsewhere is refused before any request (the controls are loopback-only anyway).
 */
import { z } from 'zod';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
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
  const origin = new URL(liveBaseUrl);
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)))
    throw new PlatformError({
      code: 'invalid-input',
      ...say('rehearsalCallbacks.errors.sandboxUnreachable', {
        reason: `${origin.origin} is not on this machine`,
      }),
    });
  const base = `${origin.origin}/__sandbox/callbacks`;
  const call = async <T>(
    path: string,
    schema: z.ZodType<T>,
    init: RequestInit = {},
    onNotFound?: () => never,
  ): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, init);
    } catch (error) {
      throw new PlatformError({
        code: 'network',
        ...say('rehearsalCallbacks.errors.sandboxUnreachable', {
          reason: error instanceof Error ? error.message : String(error),
        }),
      });
    }
    if (response.status === 404 && onNotFound) onNotFound();
    if (!response.ok)
      throw new PlatformError({
        code: 'platform',
        status: response.status,
        ...say('rehearsalCallbacks.errors.sandboxUnreachable', {
          reason: `HTTP ${response.status}`,
        }),
      });
    return schema.parse(await response.json());
  };
  const json = (body: object): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
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
      return (await call('/settings', settingsSchema, json({ deliver_outside: on })))
        .deliver_outside;
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
