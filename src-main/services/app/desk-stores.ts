/**
 * The desk's stores in its data folder, opened once at start: settings.json, accounts.json
 * (their tokens in the OS keychain), panels.json and the workspace pairs. A store that
 * cannot be read opens empty and says why as a warning notice; a keychain that cannot be
 * reached is an error notice, unless only the sandbox is used.
 */
import { KeychainUnavailableError, type SecretStore } from '../../secrets/keychain';
import { PanelRegistry } from '../panels/panel-registry';
import { openSettings, type Settings } from '../settings/settings';
import { AccountRegistry } from '../workspaces/accounts';
import { WorkspacePairs } from '../workspaces/workspace-pairs';
import type { Notices } from './notices';

/** What {@link openDeskStores} opened. */
export interface DeskStores {
  settings: Settings;
  registry: AccountRegistry;
  panels: PanelRegistry;
  pairs: WorkspacePairs;
}

/**
 * Opens the stores of `dataDir` and checks the keychain; `now` is the core's clock (epoch
 * ms, for the panels' last use). Never throws for a store it cannot read: see above.
 */
export async function openDeskStores(
  dataDir: string,
  secrets: SecretStore,
  notices: Notices,
  now: () => number,
): Promise<DeskStores> {
  const { settings, notice: settingsNotice } = await openSettings(dataDir);
  if (settingsNotice) notices.notify('warning', settingsNotice);
  const opened = await AccountRegistry.open(dataDir, secrets);
  if (opened.notice) notices.notify('warning', opened.notice);
  const registry = opened.registry;
  const openedPanels = await PanelRegistry.open(dataDir, now);
  if (openedPanels.notice)
    notices.notify(
      'warning',
      openedPanels.noticeText
        ? { message: openedPanels.notice, text: openedPanels.noticeText }
        : openedPanels.notice,
    );
  const { pairs, notice: pairsNotice } = await WorkspacePairs.open(dataDir, registry);
  if (pairsNotice) notices.notify('warning', pairsNotice);
  await secrets.check().catch((error: unknown) => {
    // Nobody needs the keychain while only the sandbox is used: say nothing then.
    if (registry.list().length > 0 || settings.activeWorkspace !== 'sandbox')
      notices.notify(
        'error',
        error instanceof KeychainUnavailableError
          ? { message: error.message, text: error.text }
          : error instanceof Error
            ? error.message
            : String(error),
      );
  });
  return { settings, registry, panels: openedPanels.registry, pairs };
}
