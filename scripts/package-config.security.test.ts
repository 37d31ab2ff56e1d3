/**
 * docs/security.md, "The packaged app": a local process must not be able to run the signed app
 * as Node or with a debugger, and a hub must not install an update whose signature it did not
 * check. `npm run package:check` holds electron-builder.yml to that: shown here on the project's
 * own configuration, and on copies of it with one rule broken at a time; and on the fuse wire
 * @electron/fuses (the library electron-builder calls) writes into a binary.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  checkBuilderConfig,
  checkFuseWire,
  requiredFuses,
  stubElectronBinary,
  type FuseName,
} from './package-config-check';

const configFile = fileURLToPath(new URL('../electron-builder.yml', import.meta.url));
/** A fresh copy of the project's electron-builder.yml, parsed. */
const projectConfig = () => parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
const fuseNames = Object.keys(requiredFuses) as FuseName[];

const root = mkdtempSync(path.join(os.tmpdir(), 'package-fuses-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a local process cannot run the signed app as Node, with NODE_OPTIONS or --inspect (fuses)', () => {
  it('the project electron-builder.yml sets every fuse and a Windows publisher', () => {
    expect(checkBuilderConfig(projectConfig())).toEqual([]);
  });

  it.each(fuseNames)('package:check fails when %s is missing', (fuse) => {
    const config = projectConfig();
    const fuses = Object.fromEntries(
      Object.entries(config.electronFuses as Record<string, unknown>).filter(([n]) => n !== fuse),
    );
    expect(checkBuilderConfig({ ...config, electronFuses: fuses })).toEqual([
      `electronFuses must set ${fuse}: ${String(requiredFuses[fuse])}`,
    ]);
  });

  it.each(fuseNames)('package:check fails when %s is flipped the other way', (fuse) => {
    const config = projectConfig();
    const fuses = { ...(config.electronFuses as Record<string, unknown>) };
    fuses[fuse] = !requiredFuses[fuse];
    expect(checkBuilderConfig({ ...config, electronFuses: fuses })).toHaveLength(1);
  });

  it('package:check fails without any electronFuses', () => {
    const { electronFuses: _gone, ...config } = projectConfig();
    expect(checkBuilderConfig(config)[0]).toBe(
      `electronFuses must set ${fuseNames.map((f) => `${f}: ${String(requiredFuses[f])}`).join(', ')}`,
    );
  });

  it('reads the fuses @electron/fuses flipped from the yml, and refuses an unflipped binary', async () => {
    const binary = path.join(root, 'onair-desk');
    writeFileSync(binary, stubElectronBinary());
    expect(checkFuseWire(readFileSync(binary), 'stub')).toEqual([
      'stub fuses not flipped as required: runAsNode, enableNodeOptionsEnvironmentVariable, enableNodeCliInspectArguments, enableCookieEncryption, enableEmbeddedAsarIntegrityValidation, onlyLoadAppFromAsar',
    ]);
    const fuses = projectConfig().electronFuses as Record<FuseName, boolean>;
    // What app-builder-lib's generateFuseConfig hands @electron/fuses for these options.
    await flipFuses(binary, {
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: fuses.runAsNode,
      [FuseV1Options.EnableCookieEncryption]: fuses.enableCookieEncryption,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]:
        fuses.enableNodeOptionsEnvironmentVariable,
      [FuseV1Options.EnableNodeCliInspectArguments]: fuses.enableNodeCliInspectArguments,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]:
        fuses.enableEmbeddedAsarIntegrityValidation,
      [FuseV1Options.OnlyLoadAppFromAsar]: fuses.onlyLoadAppFromAsar,
    });
    expect(checkFuseWire(readFileSync(binary), 'stub')).toEqual([]);
    expect(checkFuseWire(Buffer.from('no wire here'), 'plain')).toEqual([
      'plain has no fuse wire: fuses were not flipped',
    ]);
  });
});

describe('a hub installs only a Windows update signed by the publisher (publisherName)', () => {
  it('package:check fails without win.signtoolOptions.publisherName', () => {
    const config = projectConfig();
    const win = { ...(config.win as Record<string, unknown>), signtoolOptions: {} };
    expect(checkBuilderConfig({ ...config, win })).toEqual([
      'win.signtoolOptions.publisherName is missing: electron-updater would install a Windows update without checking its signature',
    ]);
    expect(
      checkBuilderConfig({ ...config, win: { ...win, signtoolOptions: { publisherName: ' ' } } }),
    ).toHaveLength(1);
  });

  it('takes the Azure Trusted Signing publisher, and fails when verification is turned off', () => {
    const config = projectConfig();
    const azure = { azureSignOptions: { publisherName: 'OnAir Desk' } };
    expect(checkBuilderConfig({ ...config, win: azure })).toEqual([]);
    expect(
      checkBuilderConfig({ ...config, win: { ...azure, verifyUpdateCodeSignature: false } }),
    ).toEqual(['win.verifyUpdateCodeSignature is false: Windows updates would not be verified']);
  });
});
