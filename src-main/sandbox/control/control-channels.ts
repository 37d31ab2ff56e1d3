/**
 * A service account with many channels, for tests and demos of long channel lists (paging
 * beyond the platform's largest page of 100), loopback only:
 *
 * `POST /__sandbox/channels/bulk` `{ count, title_prefix? }` → 200 `{ data: { created, total } }`:
 * registers `count` live channels (1..500) titled `<prefix> 001`, `<prefix> 002`… with the
 * first encoding profile group, as createChannel would, raising the contract's channel limit
 * just enough to hold them. Invalid input answers 422 `{ message, errors }`.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { createChannel } from '../live/live-channel-rules';
import type { SandboxContext } from '../kernel/operation';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

const bulkSchema = z.object({
  count: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: 'The count must be a whole number.' })
      .int('The count must be a whole number.')
      .min(1, 'The count must be at least 1.')
      .max(500, 'The count must not be greater than 500.'),
  ),
  title_prefix: z.string().trim().min(1).max(80).default('Channel'),
});

/** Options of `channelControlPlugin`. */
export interface ChannelControlOptions {
  context: SandboxContext;
}

/** Registers the channel control route on `app`. */
export const channelControlPlugin: FastifyPluginCallback<ChannelControlOptions> = (
  app,
  { context },
  done,
) => {
  app.post(`${controlPrefix}/channels/bulk`, { onRequest: loopbackOnly }, (request) => {
    const { count, title_prefix: prefix } = parseControlBody(bulkSchema, request.body);
    const { state } = context;
    const group = state.profileGroups[0]?.key ?? '';
    state.contract.channelLimit = Math.max(
      state.contract.channelLimit,
      state.channels.length + count,
    );
    const width = String(count).length < 3 ? 3 : String(count).length;
    for (let n = 1; n <= count; n += 1) {
      createChannel(
        state,
        {
          title: `${prefix} ${String(n).padStart(width, '0')}`,
          live_media_profile_group_key: group,
        },
        context.clock.now(),
      );
    }
    return { data: { created: count, total: state.channels.length } };
  });
  done();
};
