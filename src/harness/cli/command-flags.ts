/** The flag table (flag-table.ts) as commander options, and commander's parse read back under each flag's key. */
import { type Command, Option } from 'commander';
import { FLAG_TABLE, type CommandName } from './flag-table.js';

export function withFlags(command: Command, name: CommandName): Command {
  for (const spec of FLAG_TABLE[name]) {
    const option = new Option(spec.flags, spec.description);
    if (spec.parse) option.argParser(spec.parse);
    if (spec.hidden) option.hideHelp();
    if (spec.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  return command;
}

/** Commander names a value after its flag (`--type` → `type`); the command takes it under the table's key (`types`). */
export function keyedOptions<T>(name: CommandName, parsed: Record<string, unknown>): T {
  const keyed = { ...parsed };
  for (const spec of FLAG_TABLE[name]) {
    const attribute = new Option(spec.flags).attributeName();
    if (attribute === spec.key || !(attribute in keyed)) continue;
    keyed[spec.key] = keyed[attribute];
    delete keyed[attribute];
  }
  return keyed as T;
}
