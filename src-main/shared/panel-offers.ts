/**
 * The commands a hardware panel may be given (docs/admin/panels.md): those whose declaration
 * offers them to panels (`offer.panel: true`), in the order of the declarations. Settings →
 * Hardware panels lists them as ticks per panel; the panel registry keeps only these; the
 * pipeline runs a panel's press only when its command is one of them and ticked for that panel
 * (`CallContext.panelCommands`, services/core/command-pipeline.ts).
 */
import { commandNames, commands, type CommandName } from './bridge';
import type { CommandDecl } from './commands/define';

const decls: Record<string, CommandDecl> = commands;

/** Every command a panel may be given, in declaration order. */
export function panelOfferedCommands(): CommandName[] {
  return commandNames.filter((name) => decls[name]?.offer?.panel === true);
}
