/**
 * Handlers of the rehearsal domain (`shared/commands/rehearsal.ts`): the sandbox workspace's
 * simulated encoders (encoder-control.ts), its rehearsal scenarios (scenario-control.ts), its callback delivery log and resend, and "deliver
 * callbacks outside this machine" (kept in settings.json, given to the sandbox;
 * sandbox-callbacks.ts). The pipeline already refuses them outside the sandbox workspace
 * (precondition `sandboxWorkspace`); the handlers refuse again, so no other workspace's base
 * URL is ever called with a sandbox control.
 */
import { PlatformError } from '../../platform/errors';
import { rehearsalCommands } from '../../shared/commands/rehearsal';
import { say } from '../../shared/i18n/say';
import type { WorkspaceInfo } from '../../shared/model';
import { registerHandlers } from '../core/command-registry';
import { encoderControl } from './encoder-control';
import { sandboxCallbacks } from './sandbox-callbacks';
import { scenarioControl } from './scenario-control';

/**
 * The sandbox's live base URL, where its `/__sandbox` controls answer.
 * @throws PlatformError (`conflict`, `pipeline.offer.sandboxOnly`) outside the sandbox.
 */
function sandboxUrlOf(info: WorkspaceInfo): string {
  if (info.kind !== 'sandbox') {
    throw new PlatformError({ code: 'conflict', ...say('pipeline.offer.sandboxOnly') });
  }
  return info.liveBaseUrl;
}

/**
 * Gives the sandbox at `liveBaseUrl` the operator's "deliver outside" choice (at start-up and
 * whenever it changes).
 * @throws PlatformError when the sandbox does not answer.
 */
export async function applyDeliverOutside(liveBaseUrl: string, on: boolean): Promise<void> {
  await sandboxCallbacks(liveBaseUrl).setDeliverOutside(on);
}

/**
 * The one setting this domain keeps: "deliver sandbox callbacks outside this machine" (off by
 * default; the app's settings, settings.json). The app's `Settings` is one.
 */
export interface DeliverOutsideSetting {
  readonly sandboxDeliverOutside: boolean;
  setSandboxDeliverOutside(on: boolean): Promise<void>;
}

/** The rehearsal domain, registered on the app's settings. */
export function rehearsalHandlers(settings: DeliverOutsideSetting) {
  return registerHandlers(rehearsalCommands, {
    'rehearsal.encoders': async (_input, { session, signal }) => ({
      data: await encoderControl(sandboxUrlOf(session.workspace.info)).list(signal),
      fetchedAt: session.clock.now(),
    }),

    'rehearsal.setEncoder': async ({ channelKey, state }, { session, signal }) => {
      const control = encoderControl(sandboxUrlOf(session.workspace.info));
      const encoder = await control.set(channelKey, state, signal);
      // The control room reads the channels again now, not at its next 10 s turn.
      session.planner.rereadTopic('channels');
      return encoder;
    },

    'rehearsal.scenarios': async (_input, { session, signal }) => {
      const control = scenarioControl(sandboxUrlOf(session.workspace.info));
      const [scenarios, current] = await Promise.all([
        control.list(signal),
        control.current(signal),
      ]);
      return { data: { scenarios, current }, fetchedAt: session.clock.now() };
    },

    'rehearsal.playScenario': async ({ file, speed }, { session, signal }) => {
      const control = scenarioControl(sandboxUrlOf(session.workspace.info));
      const status = await control.play(file, speed, signal);
      session.planner.rereadTopic('channels');
      return status;
    },

    'rehearsal.controlScenario': async ({ action }, { session, signal }) => {
      const control = scenarioControl(sandboxUrlOf(session.workspace.info));
      const status = await control.control(action, signal);
      session.planner.rereadTopic('channels');
      return status;
    },

    'rehearsal.deliveries': (_input, { session }) =>
      sandboxCallbacks(sandboxUrlOf(session.workspace.info)).list(),

    'rehearsal.resendDelivery': ({ id }, { session }) =>
      sandboxCallbacks(sandboxUrlOf(session.workspace.info)).resend(id),

    'rehearsal.deliverOutside': async ({ on }, { session }) => {
      const controls = sandboxCallbacks(sandboxUrlOf(session.workspace.info));
      if (on !== undefined) {
        await settings.setSandboxDeliverOutside(on);
        await controls.setDeliverOutside(on);
      }
      return { on: settings.sandboxDeliverOutside };
    },
  });
}
