/**
 * Specs that store a token in the OS keychain run only inside the private keyring of
 * `scripts/with-keyring.sh` (which `npm test` and `npm run test:e2e` use), never against a
 * developer's own keychain: elsewhere they are reported as skipped, with that reason.
 */
import { test } from './fixtures';

/** Skips the current test (or every test of the hook's scope) outside the private keyring. */
export function needsKeyring(): void {
  test.skip(
    process.env.ONAIR_TEST_KEYRING !== '1',
    'needs the private keyring of scripts/with-keyring.sh (npm test)',
  );
}
