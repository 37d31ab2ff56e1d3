/**
 * The OnAir Desk module for Bitfocus Companion: Companion starts this file (companion/
 * manifest.json, `runtime.entrypoint`) in its own Node process and talks to it over IPC through
 * `@companion-module/base`. The instance only hands Companion's calls to {@link DeskConnection};
 * everything the module does is there and in the files it names. docs/admin/companion.md.
 */
import { InstanceBase, runEntrypoint, type SomeCompanionConfigField } from '@companion-module/base';
import { configFields, type DeskConfig, type DeskSecrets } from './config';
import { DeskConnection } from './connection';
import { upgradeScripts } from './upgrades';

/** One Companion connection to OnAir Desk. */
export class OnAirDeskInstance extends InstanceBase<DeskConfig, DeskSecrets> {
  readonly #connection = new DeskConnection(this);

  /** Companion starts the connection with its settings and the panel's token. */
  async init(config: DeskConfig, _isFirstInit: boolean, secrets: DeskSecrets): Promise<void> {
    this.#connection.start(config, secrets);
    return Promise.resolve();
  }

  /** The connection was deleted or disabled: stop following the desk. */
  async destroy(): Promise<void> {
    this.#connection.stop();
    return Promise.resolve();
  }

  /** The operator changed the settings (or the token): reconnect with them. */
  async configUpdated(config: DeskConfig, secrets: DeskSecrets): Promise<void> {
    this.#connection.start(config, secrets);
    return Promise.resolve();
  }

  /** The fields of the connection's settings page (config.ts). */
  getConfigFields(): SomeCompanionConfigField[] {
    return configFields();
  }
}

runEntrypoint(OnAirDeskInstance, upgradeScripts);
