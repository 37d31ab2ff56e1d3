import type { UpdaterSurface } from '../update-policy';

type Listener = (arg: never) => void;

/**
 * electron-updater's AppUpdater at the surface the update controller uses (`UpdaterSurface`), with
 * a scripted server: `offered` is the version it has; every call is counted. For tests.
 */
export class FakeUpdater implements UpdaterSurface {
  autoDownload = true;
  autoInstallOnAppQuit = false;
  feed: { provider: 'generic'; url: string } | null = null;
  checks = 0;
  downloads = 0;
  installs: { isSilent?: boolean; isForceRunAfter?: boolean }[] = [];
  /** The version the server offers, or null. */
  offered: string | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  setFeedURL(options: { provider: 'generic'; url: string }): void {
    this.feed = options;
  }
  checkForUpdates(): Promise<unknown> {
    if (!this.feed) return Promise.reject(new Error('no feed'));
    this.checks += 1;
    if (this.offered) this.emit('update-available', { version: this.offered });
    return Promise.resolve({});
  }
  downloadUpdate(): Promise<unknown> {
    this.downloads += 1;
    if (this.offered) this.emit('update-downloaded', { version: this.offered });
    return Promise.resolve([]);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push({ isSilent, isForceRunAfter });
  }
  on(event: string, listener: Listener): unknown {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  private emit(event: string, arg: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (a: unknown) => void)(arg);
  }
}
