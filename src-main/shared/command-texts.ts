/**
 * Where each command's operator-facing texts live: its title and one-line description are the
 * catalogue keys `commands.<domain>.<command name>.title` and `.description`, the domain being
 * the key of `commandDomains` that declares it (e.g. `commands.controlRoom.broadcast.
 * startRecording.title`). Derived, so a declaration never names its keys by hand; a test
 * fails when either catalogue lacks one.
 */
import { commandDomains, type CommandDomain, type CommandName } from './bridge';

const domainOf = new Map<string, CommandDomain>();
for (const domain of Object.keys(commandDomains) as CommandDomain[]) {
  for (const name of Object.keys(commandDomains[domain])) domainOf.set(name, domain);
}

/** The domain (a key of `commandDomains`) that declares `name`. */
export function commandDomain(name: CommandName): CommandDomain {
  const domain = domainOf.get(name);
  if (domain === undefined) throw new Error(`${name} is not a declared command.`);
  return domain;
}

/** The catalogue keys of a command's title and one-line description. */
export function commandTextKeys(name: CommandName): { title: string; description: string } {
  const base = `commands.${commandDomain(name)}.${name}`;
  return { title: `${base}.title`, description: `${base}.description` };
}
