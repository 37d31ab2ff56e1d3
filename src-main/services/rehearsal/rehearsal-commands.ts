/**
 * Handlers of the rehearsal domain (`shared/commands/rehearsal.ts`): the sandbox's callback
 * delivery log, resend, and "deliver callbacks outside this machine" (kept in settings.json,
 * given to the sandbox). The pipeline refuses them outside the sandbox workspace
 * (precondition `sandboxWorkspace`); the handlers check it again.
 */
import { PlatformError } from '../../platform/errors';
import { rehearsalCommands } from '../../shared/commands/rehearsal';
import { say } from '../../shared/i18n/say';
import type { Session } from '../app/session';
import { registerHandlers } from '../core/command-registry';
import type { Settings } from '../settings/settings';
import { sandboxCallbacks, type SandboxCallbacks } from './sandbox-callbacks';

/** The sandbox workspace's callback controls. @throws PlatformError outside the sandbox. */
function controlsOf(session: Session): SandboxCallbacks {
  const { info } = session.workspace;
  if (info.kind !== 'sandbox')
    throw new PlatformError({
      code: 'forbidden',
      ...say('pipeline.sandboxOnly', { command: 'rehearsal' }),
    });
  return sandboxCallbacks(info.liveBaseUrl);
}

/**
 * Gives the sandbox at `liveBaseUrl` the operator's "deliver outside" choice (at start-up and
 * whenever it changes).
 * @throws PlatformError when the sandbox does not answer.
 */
export async function applyDeliverOutside(liveBaseUrl: string, on: boolean): Promise<void> {
  await sandboxCallbacks(liveBaseUrl).setDeliverOutside(on);
}

/** The rehearsal domain on the app's settings. */
export function rehearsalHandlers(settings: Settings) {
  return registerHandlers(rehearsalCommands, {
    'rehearsal.deliveries': (_input, { session }) => controlsOf(session).list(),
    'rehearsal.resendDelivery': ({ id }, { session }) => controlsOf(session).resend(id),
    'rehearsal.deliverOutside': async ({ on }, { session }) => {
      const controls = controlsOf(session);
      if (on !== undefined) {
        await settings.setSandboxDeliverOutside(on);
        await controls.setDeliverOutside(on);
      }
      return { on: settings.sandboxDeliverOutside };
    },
  });
}
