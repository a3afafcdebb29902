/**
 * The one place where an option's key becomes the flag a user types: core code
 * names options by their key (`caseType`), as the programmatic API does, and
 * the CLI shows them as flags (`--case-type`) when it prints a problem.
 */

/** Keys whose flag is not the key written in kebab case. */
const SPECIAL: Record<string, string> = {
  baseline: '--baseline/--no-baseline',
  guards: '--no-guards',
  gates: '--no-gates',
  cache: '--no-cache',
  // generate's options hold lists under plural keys; the flag is given once per value.
  types: '--type',
  scenarios: '--scenario',
  strategies: '--strategy',
};

export function flagOf(key: string): string {
  return SPECIAL[key] ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
