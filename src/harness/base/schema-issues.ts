/**
 * Validation issues as a file's author reads them. A misspelt key
 * (`expected_behaviour`) shows up twice in a schema's findings: an unknown key,
 * and the key it was meant to be, missing. Said once, at the misspelt key:
 * "unknown field; did you mean expected_behavior?". Every unknown key of an
 * object is named, not only the first.
 */
import { nearMiss } from './edit-distance.js';
import { issuePath } from './source-positions.js';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

export interface ReadableIssue {
  path: PropertyKey[];
  /** Set for an unknown key: the message is the caller's own wording ("unknown field"), plus `didYouMean`. */
  unknownKey: boolean;
  didYouMean?: string;
  message: string;
}

const isMissing = (issue: Issue) => issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
const sameParent = (a: PropertyKey[], b: PropertyKey[]) => a.length === b.length && a.every((p, i) => p === b[i]);

export function readableIssues(issues: readonly Issue[]): ReadableIssue[] {
  const out: ReadableIssue[] = [];
  const explained = new Set<Issue>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    for (const key of issue.keys ?? []) {
      const missing = issues.filter((m) => isMissing(m) && !explained.has(m) && sameParent(m.path.slice(0, -1), issue.path));
      const meant = nearMiss(
        key,
        missing.map((m) => String(m.path[m.path.length - 1])),
      );
      if (meant) explained.add(missing.find((m) => String(m.path[m.path.length - 1]) === meant)!);
      out.push({ path: [...issue.path, key], unknownKey: true, ...(meant ? { didYouMean: meant } : {}), message: issue.message });
    }
  }
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' || explained.has(issue)) continue;
    out.push({ path: issue.path, unknownKey: false, message: issue.message });
  }
  // In file order is the caller's business; keep the schema's order otherwise, unknown keys where they were found.
  return out;
}

/** What an unknown key is called in the file's own words ("unknown field", "unknown key"), with the likely name. */
export function unknownKeyMessage(noun: 'field' | 'key', meant: string | undefined): string {
  return `unknown ${noun}${meant ? `; did you mean ${meant}?` : ''}`;
}

/** The first issue of a shape check, as a field path and zod's message without its generic lead. */
export function firstIssue(issues: readonly Issue[]): { field: string | undefined; message: string } {
  const issue = issues[0]!;
  return { field: issuePath(issue).map(String).join('.') || undefined, message: issue.message.replace(/^Invalid input: /, '') };
}
