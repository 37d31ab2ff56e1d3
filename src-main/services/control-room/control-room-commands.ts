/**
 * Handlers of the control room's commands (`shared/commands/control-room.ts`): each runs on
 * the open session's control room or watch planner. The channel list is `channels.list` (the
 * Channels view's command, one for both views); a broadcast's reads for a view always run at `view` (ControlRoom answers them to
 * the caller only, never as a `watch.update`).
 */
import { controlRoomCommands, type ChannelFocus } from '../../shared/commands/control-room';
import { journalAct } from '../core/command-journal';
import { registerHandlers } from '../core/command-registry';

/**
 * The control room domain, registered.
 * @param focus pushes `channel.focusRequested` to this desk's pages (`channel.focus`, a panel's
 *   "focus channel N": the pages own which channel is in focus, main only asks).
 */
export const controlRoomHandlers = (focus: (request: ChannelFocus) => void) =>
  registerHandlers(controlRoomCommands, {
    'channel.focus': (input) => {
      const request: ChannelFocus =
        input.channelKey !== undefined
          ? { channelKey: input.channelKey }
          : { position: input.position ?? 1 };
      focus(request);
      return request;
    },
    'broadcast.get': ({ broadcastKey }, { session }) =>
      session.controlRoom.getBroadcast(broadcastKey),
    'broadcast.participants': ({ broadcastKey }, { session }) =>
      session.controlRoom.participants(broadcastKey),
    'broadcast.viewers': ({ broadcastKey }, { session }) =>
      session.controlRoom.viewers(broadcastKey),
    // The asker of each (this desk, or the seat by id) alone may cancel it while it waits.
    'broadcast.rename': ({ broadcastKey, title }, { session, seatId }) =>
      session.controlRoom.rename(broadcastKey, title, seatId ?? ''),
    'broadcast.startRecording': ({ broadcastKey }, { session, seatId }) =>
      session.controlRoom.startRecording(broadcastKey, seatId ?? ''),
    'broadcast.stopRecording': ({ broadcastKey }, { session, seatId }) =>
      session.controlRoom.stopRecording(broadcastKey, seatId ?? ''),
    'broadcast.setCuePoint': ({ broadcastKey, at }, { session, seatId }) =>
      session.controlRoom.setCuePoint(broadcastKey, at, seatId ?? ''),
    'watch.subscribe': ({ spec }, { session, clientId }) => {
      const watchId = session.planner.subscribe(spec, clientId);
      return { watchId, latest: session.planner.answers.replay(watchId) };
    },
    // A cancel is an operator's act: journaled with the command it called off.
    'command.cancelWaiting': ({ id }, { session, seatId }) => {
      const cancelled = session.controlRoom.cancelWaiting(id, seatId ?? '');
      if (cancelled)
        journalAct({ waitingCommand: cancelled.command, broadcastKey: cancelled.broadcastKey });
      return { cancelled: cancelled !== null };
    },
    'watch.unsubscribe': ({ watchId }, { session, clientId }) => ({
      removed: session.planner.unsubscribe(watchId, clientId),
    }),
  });
