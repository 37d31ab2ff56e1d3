/**
 * Which addresses the desktop app hands to the system (Electron's `shell.openExternal`), kept
 * free of 'electron' so the rule is tested where the runtime is missing (docs/security.md, "The
 * packaged app"). The renderer is untrusted: a compromised page could ask for `file:` paths,
 * `smb:` shares or protocol handlers that start programs (`ms-msdt:`, `search-ms:` …), or send
 * the operator to a look-alike login page.
 *
 * - Opened at once: https links the app itself makes, to the platform's consoles and its
 *   documentation ({@link isAppMadeLink}).
 * - Asked first: any other http or https address; the operator sees the whole address and
 *   chooses "Open in browser" or "Cancel" (the default).
 * - Refused without asking: every other scheme, and what is not a URL.
 */
import type { MessageBoxOptions } from 'electron';
import { createI18n, type Language } from '../shared/i18n';

/**
 * Hosts of the links the app makes: the platform's own domain (its consoles and API hosts, e.g.
 * `api-live-kr.kollus.com`; any subdomain of `kollus.com`) and the documentation sites the app
 * cites (docs/platform-facts.md; /work/shared/reference/observed-platform.md sources): exact hosts.
 */
export const appLinkDomains: readonly string[] = ['kollus.com'];
/** Documentation hosts the app links to, matched exactly (see {@link appLinkDomains}). */
export const appLinkHosts: readonly string[] = [
  'docs.kollus.com',
  'guide2.kollus.com',
  'catenoid-support.gitbook.io',
  'catenoid-support.atlassian.net',
  'support.catenoid.net',
];

/**
 * Whether `url` is a link the app itself makes: an absolute `https:` URL on the default port,
 * without user name or password (`https://docs.kollus.com@evil.example/` is evil.example's),
 * whose host is one of {@link appLinkHosts} or `kollus.com` or one of its subdomains.
 */
export function isAppMadeLink(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || parsed.port !== '') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  const host = parsed.hostname.toLowerCase();
  return (
    appLinkHosts.includes(host) ||
    appLinkDomains.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}

/** What {@link openExternalLink} did with an address. */
export type ExternalLinkOutcome = 'opened' | 'asked-opened' | 'asked-cancelled' | 'refused';

/** What the rule needs of Electron: `shell.openExternal`, a message box, the app's language. */
export interface ExternalLinkHost {
  /** Hands the address to the system (`shell.openExternal`). */
  open: (url: string) => Promise<void>;
  /** Shows a question; answers the index of the button pressed (`dialog.showMessageBox`). */
  ask: (options: MessageBoxOptions) => Promise<{ response: number }>;
  language: () => Language;
  log: (message: string) => void;
}

/** The question asked before opening an address the app did not make, in `language`. */
export function externalLinkQuestion(url: string, language: Language): MessageBoxOptions {
  const t = createI18n(language).t;
  return {
    type: 'warning',
    title: t('desktop.externalLink.title'),
    message: t('desktop.externalLink.message'),
    detail: url,
    buttons: [t('desktop.externalLink.cancel'), t('desktop.externalLink.open')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/**
 * Opens `url` in the system's browser under the rule of the module comment. Never throws: a
 * failure of the system to open it is logged.
 */
export async function openExternalLink(
  url: string,
  host: ExternalLinkHost,
): Promise<ExternalLinkOutcome> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    host.log(`external link refused (not http or https): ${url.slice(0, 200)}`);
    return 'refused';
  }
  let outcome: ExternalLinkOutcome = 'opened';
  if (!isAppMadeLink(url)) {
    const { response } = await host.ask(externalLinkQuestion(parsed.href, host.language()));
    if (response !== 1) return 'asked-cancelled';
    outcome = 'asked-opened';
  }
  try {
    await host.open(parsed.href);
  } catch (error) {
    host.log(`external link not opened: ${String(error)}`);
  }
  return outcome;
}
