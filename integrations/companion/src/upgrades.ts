/**
 * The module's upgrade scripts, oldest first. Companion runs the ones a saved connection has
 * not seen yet, by their place in this list, so a script is never removed or reordered once
 * released (the Companion module convention); a later version that renames an action, an option
 * or a feedback adds a script here that rewrites saved buttons. Version 0.1.0 has none.
 */
import type { CompanionStaticUpgradeScript } from '@companion-module/base';
import type { DeskConfig, DeskSecrets } from './config';

/** Every upgrade script, oldest first; none yet. */
export const upgradeScripts: CompanionStaticUpgradeScript<DeskConfig, DeskSecrets>[] = [];
