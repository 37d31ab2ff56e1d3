/**
 * Which wire protocol a one-time upload URL speaks, asked of the URL itself (detected,
 * never guessed from the host name). A tus server answers `OPTIONS` with
 * `Tus-Resumable` and/or `Tus-Version` (tus 1.0.0, "OPTIONS"); the real upload host has no
 * tus (docs/platform-facts.md, "One-time upload URLs") and answers without them, so
 * it takes one `multipart/form-data` POST. `OPTIONS` does not use the one-time URL up.
 */
import { SendError, failureFromStatus, networkFailure } from './send-error';

/** How long the probe may take, ms. */
export const probeTimeoutMs = 15_000;

/**
 * Probes `uploadUrl` with `OPTIONS`: `tus` when the answer carries tus headers, `multipart`
 * for any other answer but a 5xx or 429 (which say nothing about the protocol).
 * @throws SendError `transient` when the host cannot be reached or answers 5xx/429;
 *   rejects with `signal`'s reason when aborted.
 */
export async function detectProtocol(
  uploadUrl: string,
  signal: AbortSignal,
): Promise<'tus' | 'multipart'> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, {
      method: 'OPTIONS',
      signal: AbortSignal.any([signal, AbortSignal.timeout(probeTimeoutMs)]),
    });
  } catch (cause) {
    if (signal.aborted) throw signal.reason;
    throw new SendError(networkFailure(cause));
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.headers.has('tus-resumable') || response.headers.has('tus-version')) return 'tus';
  if (response.status >= 500 || response.status === 429) {
    throw new SendError(
      failureFromStatus(response.status, '', response.headers.get('retry-after')),
    );
  }
  return 'multipart';
}
