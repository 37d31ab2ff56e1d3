/** Playwright's global teardown: joins the UI coverage parts and prints the figure. */
import { joinCoverage } from './ui-coverage';

export default function globalTeardown(): void {
  console.log(joinCoverage());
}
