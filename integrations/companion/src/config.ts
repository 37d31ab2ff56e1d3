/**
 * The connection's settings in Companion: where OnAir Desk's control API for panels listens
 * (docs/admin/panels.md, "Turning it on, pairing a panel") and the panel's token. The token is
 * a `secret-text` field, so Companion keeps it in its secrets store, not with the config, and
 * never shows it again in the connection's settings.
 */
import { Regex, type SomeCompanionConfigField } from '@companion-module/base';

/** The connection's settings (Companion's config store). */
export interface DeskConfig {
  /** The desk's control API address: `127.0.0.1` (default) or `localhost`. */
  host: string;
  /** Its port as typed (a text field), as Settings → Hardware panels shows it (default 8765). */
  port: string;
}

/** The connection's secrets (Companion's secrets store). */
export interface DeskSecrets {
  /** The panel's token from Settings → Hardware panels → Add panel: `odp_` and 43 characters. */
  token: string;
}

/** The control API's default port (`defaultPanelPort`, src-main/shared/panels-model.ts). */
export const defaultDeskPort = 8765;

/**
 * The only hosts the module talks to. The desk's control API listens on 127.0.0.1 only and
 * refuses any other `Host` (DNS rebinding); the token travels in plain HTTP, so it must never
 * leave this computer.
 */
export const loopbackHosts = ['127.0.0.1', 'localhost'] as const;

/** The fields of the connection's settings page, in Companion's order. */
export function configFields(): SomeCompanionConfigField[] {
  return [
    {
      type: 'static-text',
      id: 'info',
      label: 'OnAir Desk',
      width: 12,
      value:
        'In OnAir Desk: Settings → Hardware panels → Control API on, then Add panel and paste its token here. ' +
        'Tick the commands this panel may run there (a new panel may run none). Companion must run on the same computer.',
    },
    {
      type: 'textinput',
      id: 'host',
      label: 'Desk address (this computer only)',
      width: 6,
      default: '127.0.0.1',
      regex: '/^(127\\.0\\.0\\.1|localhost)$/',
    },
    {
      type: 'textinput',
      id: 'port',
      label: 'Port',
      width: 6,
      default: String(defaultDeskPort),
      regex: Regex.PORT,
    },
    {
      type: 'secret-text',
      id: 'token',
      label: 'Panel token (odp_…)',
      width: 12,
      regex: '/^odp_[A-Za-z0-9_-]{43}$/',
      required: true,
    },
  ];
}

/** Where to connect, or why the settings cannot be used (in the operator's words). */
export type DeskTarget = { address: string; token: string } | { problem: string };

/**
 * The control API's base URL (`http://127.0.0.1:<port>`) and token from the settings, or the
 * reason they cannot be used: a host other than this computer, a port outside 1…65535, or a
 * token that is not a panel token. Companion stores a text field's port as a string; both are
 * taken.
 */
export function deskTarget(
  config: Partial<Record<keyof DeskConfig, unknown>> | undefined,
  secrets: Partial<Record<keyof DeskSecrets, unknown>> | undefined,
): DeskTarget {
  const host = typeof config?.host === 'string' ? config.host.trim() : '127.0.0.1';
  if (!(loopbackHosts as readonly string[]).includes(host))
    return {
      problem: `OnAir Desk's control API answers on this computer only (127.0.0.1), not on ${host}.`,
    };
  const port = Number(config?.port ?? defaultDeskPort);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    return { problem: 'The port is a number from 1 to 65535 (Settings → Hardware panels).' };
  const token = typeof secrets?.token === 'string' ? secrets.token.trim() : '';
  if (!/^odp_[A-Za-z0-9_-]{43}$/.test(token))
    return {
      problem:
        'Paste the panel token shown once by Settings → Hardware panels → Add panel (odp_ and 43 characters).',
    };
  // The API checks the Host header: 127.0.0.1 in the URL, whichever of the two was typed.
  return { address: `http://127.0.0.1:${port}`, token };
}
