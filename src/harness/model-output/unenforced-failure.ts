/**
 * Was a failed schema check the model's doing, or a constraint the endpoint
 * never enforced? When every problem of the check breaks a constraint that the
 * endpoint's output dialect leaves unenforced, the check carries a label that
 * says so (report.md shows it). A failure with at least one enforced
 * constraint broken stays unlabelled: the endpoint should have prevented it.
 */
import type { OutputEnforcement } from '../providers/provider.js';
import { constraintPath, issueKind, unenforcedConstraint } from '../registry/schema-dialects.js';
import type { ParsedOutput } from './parse-model-output.js';

export function unenforcedLabel(enforcement: OutputEnforcement | undefined, parsed: ParsedOutput): string | undefined {
  if (!enforcement || parsed.valid) return undefined;
  const not = `not enforceable by ${enforcement.label}`;
  if (!parsed.issues) {
    // Not JSON, not an object, empty: only an endpoint that ignores the JSON mode could let that through.
    return enforcement.jsonSyntaxEnforced ? undefined : `${not}: the endpoint does not enforce JSON output in this mode`;
  }
  const broken: string[] = [];
  for (const issue of parsed.issues) {
    const kind = issueKind(issue.code, issue.message);
    const constraint = kind && unenforcedConstraint(enforcement.analysis, constraintPath(issue.path), kind);
    if (!constraint) return undefined;
    if (!broken.includes(constraint.text)) broken.push(constraint.text);
  }
  return broken.length ? `${not}: ${broken.join(', ')}` : undefined;
}
