/**
 * A breaking prompt change is acknowledged by the new version's changelog: an
 * entry for that version that calls the change breaking and names what it is
 * about — the phrase, tool, slot, enum value or field. "BREAKING: removed the
 * forbidden phrase 订单已取消" acknowledges `forbidden phrase "订单已取消" removed`;
 * "Shorter list" acknowledges nothing.
 */
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

export function isAcknowledged(change: SchemaChange, version: string, changelog: readonly ChangelogEntry[]): boolean {
  const subjects = changeSubjects(change);
  return changelog.some((entry) => entry.version === version && BREAKING_WORD.test(entry.text) && (subjects.length === 0 || subjects.some((s) => entry.text.includes(s))));
}

/** The breaking changes of a diff that the new version's changelog does not acknowledge. */
export function unacknowledgedBreaking(changes: readonly SchemaChange[], version: string, changelog: readonly ChangelogEntry[]): SchemaChange[] {
  return changes.filter((c) => c.severity === 'breaking' && !isAcknowledged(c, version, changelog));
}
