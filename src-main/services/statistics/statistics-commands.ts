/** Handlers of `shared/commands/statistics.ts`: live reads in statistics-live.ts, VOD in statistics-vod.ts. */
import { statisticsCommands } from '../../shared/commands/statistics';
import { registerHandlers } from '../core/command-registry';
import * as live from './statistics-live';
import * as vod from './statistics-vod';

/** The domain, registered. */
export const statisticsHandlers = registerHandlers(statisticsCommands, {
  'statistics.broadcasts': ({ channelKey }, { session, priority }) =>
    live.channelBroadcasts(session.account, priority, channelKey),
  'statistics.viewers': ({ target, day, interval }, { session, priority }) =>
    live.viewerCurve(session.account, priority, target, day, interval),
  'statistics.summary': ({ target, from, to }, { session, priority }) =>
    live.summary(session.account, priority, target, from, to),
  'statistics.daily': ({ from, to }, { session, priority }) =>
    live.daily(session.account, priority, from, to),
  'statistics.chat': ({ unit, from, to }, { session, priority }) =>
    live.chat(session.account, priority, unit, from, to),
  'statistics.scheduledDaily': ({ from, to }, { session, priority }) =>
    live.scheduledDaily(session.account, priority, from, to),
  'statistics.vodChannels': (_input, { session, priority }) =>
    vod.vodChannels(session.account, priority),
  'statistics.contentRank': (input, { session, priority }) =>
    vod.contentRank(session.account, priority, input),
  'statistics.vodChannelTotals': ({ from, to }, { session, priority }) =>
    vod.channelTotals(session.account, priority, from, to),
  'statistics.vodDaily': ({ from, to }, { session, priority }) =>
    vod.vodDaily(session.account, priority, from, to),
});
