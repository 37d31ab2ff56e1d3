/**
 * The packaged app's hardening, checked by `npm run package:check` (docs/security.md, "The
 * packaged app"): the Electron fuses electron-builder.yml must set, the Windows publisher name
 * electron-updater holds an update's signature to, and the fuse wire electron-builder really
 * wrote into the packaged binary.
 *
 * Fuses are bits in the Electron binary (@electron/fuses, electron-builder's `electronFuses`
 * option, app-builder-lib 26.17 `FuseOptionsV1`), flipped before signing, so an attacker who can
 * start the signed app cannot switch them back without breaking its signature.
 */

/**
 * The fuses every installer must set, by electron-builder's option name, with the state each
 * must have:
 * - `runAsNode` off: `ELECTRON_RUN_AS_NODE=1` would run the signed binary as plain Node, able
 *   to call the OS keychain as the app.
 * - `enableNodeOptionsEnvironmentVariable` off: `NODE_OPTIONS` (`--require` of any script) and
 *   `NODE_EXTRA_CA_CERTS` (a CA of the attacker's) are ignored.
 * - `enableNodeCliInspectArguments` off: `--inspect` and SIGUSR1 open no debugger on main.
 * - `enableCookieEncryption` on: the cookie store is encrypted with the OS keystore.
 * - `enableEmbeddedAsarIntegrityValidation` on: app.asar is checked against the hash in the
 *   signed binary (macOS, Windows).
 * - `onlyLoadAppFromAsar` on: no `app/` folder beside app.asar is loaded instead.
 */
export const requiredFuses = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableCookieEncryption: true,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
} as const;

/** A fuse's option name (electron-builder's `FuseOptionsV1` keys checked here). */
export type FuseName = keyof typeof requiredFuses;

/**
 * Each fuse's index on the V1 fuse wire (@electron/fuses `FuseV1Options`: RunAsNode 0,
 * EnableCookieEncryption 1, EnableNodeOptionsEnvironmentVariable 2,
 * EnableNodeCliInspectArguments 3, EnableEmbeddedAsarIntegrityValidation 4,
 * OnlyLoadAppFromAsar 5).
 */
export const fuseWireIndex: Record<FuseName, number> = {
  runAsNode: 0,
  enableCookieEncryption: 1,
  enableNodeOptionsEnvironmentVariable: 2,
  enableNodeCliInspectArguments: 3,
  enableEmbeddedAsarIntegrityValidation: 4,
  onlyLoadAppFromAsar: 5,
};

/** The marker before the fuse wire in an Electron binary (@electron/fuses `SENTINEL`). */
export const fuseSentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** A fuse's byte on the wire: `0` disabled, `1` enabled (@electron/fuses `FuseState`). */
const fuseByte = { off: 0x30, on: 0x31 } as const;

function objectAt(value: unknown, key: string): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null) return null;
  const inner = (value as Record<string, unknown>)[key];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : null;
}

function named(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.length > 0 && value.every((item) => named(item));
}

/**
 * Checks electron-builder's configuration (electron-builder.yml, parsed) for the hardening of
 * the module comment: every fuse of {@link requiredFuses} in its state, and a Windows publisher
 * name (`win.signtoolOptions.publisherName`, or `win.azureSignOptions.publisherName`) with
 * `win.verifyUpdateCodeSignature` not turned off, so that electron-updater verifies an update's
 * signature before it runs the installer (electron-builder writes `publisherName` into
 * app-update.yml; without it the NSIS updater installs whatever the update server offers).
 * @returns one line per broken rule; none when all hold. Never throws.
 */
export function checkBuilderConfig(config: unknown): string[] {
  const failures: string[] = [];
  const fuses = objectAt(config, 'electronFuses');
  const wrong = (Object.keys(requiredFuses) as FuseName[]).filter(
    (name) => fuses?.[name] !== requiredFuses[name],
  );
  if (wrong.length > 0) {
    failures.push(
      `electronFuses must set ${wrong.map((name) => `${name}: ${String(requiredFuses[name])}`).join(', ')}`,
    );
  }
  const win = objectAt(config, 'win');
  const publisher =
    objectAt(win, 'signtoolOptions')?.publisherName ??
    objectAt(win, 'azureSignOptions')?.publisherName;
  if (!named(publisher)) {
    failures.push(
      'win.signtoolOptions.publisherName is missing: electron-updater would install a Windows update without checking its signature',
    );
  }
  if (win?.verifyUpdateCodeSignature === false) {
    failures.push('win.verifyUpdateCodeSignature is false: Windows updates would not be verified');
  }
  return failures;
}

/**
 * Reads the fuse wire of an Electron binary (its bytes) and checks each fuse of
 * {@link requiredFuses} is flipped as required: what electron-builder really wrote, not what
 * the configuration asks for.
 * @returns one line per fuse in the wrong state, or one line when the binary has no V1 wire.
 */
export function checkFuseWire(binary: Uint8Array, name: string): string[] {
  const at = Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength).indexOf(fuseSentinel);
  if (at === -1) return [`${name} has no fuse wire: fuses were not flipped`];
  const wire = at + fuseSentinel.length;
  if (binary[wire] !== 1) return [`${name} has fuse wire version ${binary[wire]}, not 1`];
  const length = binary[wire + 1] ?? 0;
  const wrong = (Object.keys(requiredFuses) as FuseName[]).filter((fuse) => {
    const index = fuseWireIndex[fuse];
    const want = requiredFuses[fuse] ? fuseByte.on : fuseByte.off;
    return index >= length || binary[wire + 2 + index] !== want;
  });
  return wrong.length > 0 ? [`${name} fuses not flipped as required: ${wrong.join(', ')}`] : [];
}

/**
 * A stand-in for the Electron binary with an Electron V1 fuse wire in its shipped state (Run as
 * Node, NODE_OPTIONS, --inspect and file:// privileges on; the rest off), for the build without
 * the runtime: electron-builder flips its fuses as it would the real binary's.
 */
export function stubElectronBinary(): Buffer {
  const shipped = [1, 0, 1, 1, 0, 0, 0, 1].map((on) => (on ? fuseByte.on : fuseByte.off));
  return Buffer.concat([
    Buffer.from('electron stub\n'),
    Buffer.from(fuseSentinel),
    Buffer.from([1, shipped.length, ...shipped]),
  ]);
}
