/**
 * The only module that touches `window.desk`. In Electron the preload provides it; in a
 * browser (the browser host) the same DeskBridge is built over HTTP and server-sent events.
 */
import type {
  CommandInput,
  CommandName,
  CommandOutput,
  DeskBridge,
  InvokeOptions,
} from '../../src-main/shared/bridge';
import type { DeskError } from '../../src-main/shared/result';
import { createBrowserBridge } from './browser-bridge';
import { t, tMessage } from '../i18n/i18n.svelte';

declare global {
  interface Window {
    desk?: DeskBridge;
  }
}

/** The bridge to main. */
export const desk: DeskBridge = window.desk ?? createBrowserBridge();

/** A refused command, thrown by {@link call} so svelte-query sees it as a failure. */
export class DeskCallError extends Error {
  readonly error: DeskError;
  constructor(error: DeskError) {
    super(error.message);
    this.name = 'DeskCallError';
    this.error = error;
  }
}

/**
 * Invokes a command and returns its data, or throws DeskCallError with main's error. Pass a
 * query's `signal` for reads: when the view closes before the answer, main drops the read if
 * it is still queued for the platform (browser host; see DeskBridge.invoke). A destructive
 * command needs `confirmation` (`{ kind: 'again' }` once the operator confirmed in a dialog),
 * and a shortcut or the palette says so in `via`.
 */
export async function call<C extends CommandName>(
  command: C,
  input: CommandInput<C>,
  options?: InvokeOptions,
): Promise<CommandOutput<C>> {
  const result = await desk.invoke(command, input, options);
  if (!result.ok) throw new DeskCallError(result.error);
  return result.data;
}

/**
 * The operator-facing text of a refusal from main: the catalogue message main named, in
 * the operator's language, or main's own text (the platform's message is shown as the
 * platform wrote it).
 */
export function deskErrorText(error: DeskError): string {
  return error.text ? tMessage(error.text) : error.message;
}

/** The operator-facing text of any failure. */
export function errorText(error: unknown): string {
  if (error instanceof DeskCallError) return deskErrorText(error.error);
  if (error instanceof Error) return error.message;
  return t('common.somethingWrong');
}
