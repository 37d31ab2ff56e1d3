/**
 * Handlers of `shared/commands/channels.ts` (channels.ts, channel-profiles.ts,
 * channels-batch.ts).
 */
import { channelCommands } from '../../shared/commands/channels';
import { registerHandlers } from '../core/command-registry';
import {
  createChannel,
  deleteChannel,
  getChannel,
  listChannels,
  readAccess,
  setChannelState,
  updateChannel,
} from './channels';
import { listProfileGroups, profileOverview, setProfileActive } from './channel-profiles';
import { planBatch, startBatch } from './channels-batch';
import { batchImpactOf } from '../core/budget-outlook';

/** The domain, registered. */
export const channelHandlers = registerHandlers(channelCommands, {
  'channels.list': (query, { session }) => listChannels(session.account, query),
  'channels.get': async ({ channelKey }, { session }) => ({
    data: await getChannel(session.account, channelKey),
    fetchedAt: session.clock.now(),
  }),
  'channels.access': async (_input, { session }) => {
    const access = await readAccess(session.account);
    session.account.learnRole(access.role);
    return access;
  },
  'channels.create': (input, { session }) => createChannel(session.account, input),
  'channels.update': ({ channelKey, changes }, { session }) =>
    updateChannel(session.account, channelKey, changes),
  'channels.setState': ({ channelKey, action }, { session }) =>
    setChannelState(session.account, channelKey, action, 'command'),
  'channels.delete': ({ channelKey, confirmTitle }, { session }) =>
    deleteChannel(session.account, channelKey, confirmTitle),
  'channels.planBatch': ({ action, channels }, { session }) => {
    const state = session.account.liveScheduler.state();
    const plan = planBatch(action, channels, state.minSpacingMs);
    return { ...plan, budget: batchImpactOf(state, session.planner, plan.calls) };
  },
  'channels.runBatch': ({ action, channels }, { session }) =>
    startBatch(session.account, session.batches, action, channels),
  'profiles.groups': (_input, { session }) => listProfileGroups(session.account),
  'profiles.overview': (_input, { session }) => profileOverview(session.account),
  'profiles.attach': async ({ groupKey, profileId }, { session }) => {
    await setProfileActive(session.account, groupKey, profileId, true);
    return { attached: profileId };
  },
  'profiles.detach': async ({ groupKey, profileId }, { session }) => {
    await setProfileActive(session.account, groupKey, profileId, false);
    return { detached: profileId };
  },
});
