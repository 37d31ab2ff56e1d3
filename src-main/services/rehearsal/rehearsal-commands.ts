/**
 * Handlers of `shared/commands/rehearsal.ts`: the sandbox workspace's simulated encoders
 * (encoder-control.ts). The pipeline already refuses them outside the sandbox workspace
 * (precondition `sandboxWorkspace`); the handlers refuse again, so no other workspace's
 * base URL is ever called with a sandbox control.
 */
import { PlatformError } from '../../platform/errors';
import { rehearsalCommands } from '../../shared/commands/rehearsal';
import { say } from '../../shared/i18n/say';
import type { WorkspaceInfo } from '../../shared/model';
import { registerHandlers } from '../core/command-registry';
import { encoderControl, type EncoderControl } from './encoder-control';

/** The encoder control of the open workspace. @throws PlatformError outside the sandbox. */
function controlOf(info: WorkspaceInfo): EncoderControl {
  if (info.kind !== 'sandbox') {
    throw new PlatformError({
      code: 'conflict',
      ...say('pipeline.offer.sandboxOnly'),
    });
  }
  return encoderControl(info.liveBaseUrl);
}

/** The domain, registered. */
export const rehearsalHandlers = registerHandlers(rehearsalCommands, {
  'rehearsal.encoders.list': async (_input, { session, signal }) => ({
    data: await controlOf(session.workspace.info).list(signal),
    fetchedAt: session.clock.now(),
  }),

  'rehearsal.encoder.set': async ({ channelKey, state }, { session, signal }) => {
    const encoder = await controlOf(session.workspace.info).set(channelKey, state, signal);
    // The control room reads the channels again now, not at its next 10 s turn.
    session.planner.rereadTopic('channels');
    return encoder;
  },
});
