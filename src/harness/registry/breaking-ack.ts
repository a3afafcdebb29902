/**
 * A breaking prompt change is acknowledged by the new version's changelog: an
 * entry for that version that calls the change breaking and names what it is
 * about — the phrase, tool, slot, enum value or field. "BREAKING: removed the
 * forbidden phrase 订单已取消" acknowledges `forbidden phrase "订单已取消" removed`;
 * "Shorter list" acknowledges nothing. Acknowledgements accumulate: against a
 * baseline at v2, v4 (copied from v3) still carries v3's entry, and it counts.
 */
import { compareVersions } from './registry.js';
import type { ChangelogEntry } from './prompt-metadata.js';
import type { SchemaChange } from './schema-diff.js';

const BREAKING_WORD = /breaking|破坏性|不兼容/i;

/** What a change is about: its quoted values, and the last field of its path. */
export function changeSubjects(change: SchemaChange): string[] {
  const quoted = [...change.message.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const field = change.path.split('.').pop()!.replace(/\[\]$/g, '');
  const isSchemaPath = /^(input|output)(\.|$)/.test(change.path);
  return [...quoted, ...(isSchemaPath && field !== 'input' && field !== 'output' ? [field] : [])];
}

/** An entry that calls something breaking. */
export function isBreakingEntry(entry: ChangelogEntry): boolean {
  return BREAKING_WORD.test(entry.text);
}

/**
 * `since`: the version being compared with (the baseline's); entries of any
 * version after it, up to `version`, count. Without it, only `version`'s own.
 */
export function isAcknowledged(change: SchemaChange, version: string, changelog: readonly ChangelogEntry[], since?: string): boolean {
  const subjects = changeSubjects(change);
  const inRange = (v: string) => v === version || (since !== undefined && SEMVER.test(v) && compareVersions(v, since) > 0 && compareVersions(v, version) <= 0);
  return changelog.some((entry) => inRange(entry.version) && isBreakingEntry(entry) && (subjects.length === 0 || subjects.some((s) => entry.text.includes(s))));
}

const SEMVER = /^v\d+\.\d+\.\d+$/;

/** The breaking changes of a diff that the new version's changelog does not acknowledge. */
export function unacknowledgedBreaking(
  changes: readonly SchemaChange[],
  version: string,
  changelog: readonly ChangelogEntry[],
  since?: string,
): SchemaChange[] {
  return changes.filter((c) => c.severity === 'breaking' && !isAcknowledged(c, version, changelog, since));
}

/**
 * A changelog entry that acknowledges the change, as a YAML list item that
 * parses when pasted under `changelog:` — quoted, since the message holds
 * ": " and double quotes, which a plain scalar would turn into a nested mapping.
 */
export function suggestedAcknowledgement(version: string, change: SchemaChange): string {
  return changelogItem({ version, text: `BREAKING: ${change.message}` });
}

/** One changelog entry as a single-quoted YAML list item: whatever its text, it reads back as this entry. */
export function changelogItem(entry: ChangelogEntry): string {
  return `- '${`${entry.version}: ${entry.text}`.replace(/'/g, "''")}'`;
}
