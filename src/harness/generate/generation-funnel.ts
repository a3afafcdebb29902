/**
 * What every candidate goes through before anyone sees it, whoever wrote it:
 * validated like a hand-written case, checked for duplicates, checked against
 * the target prompt's rules, then run on the reference (sim). A case whose
 * expectation the reference contradicts is quarantined with the reason, not
 * written into the suite.
 */
import { stringify } from 'yaml';
import type { ModuleCase } from '../cases/case-schema.js';
import { parseModuleCaseFile, type LoadedModuleCase } from '../cases/load-module-cases.js';
import type { Problem } from '../base/errors.js';
import type { Provider } from '../providers/provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { schemaAt } from '../registry/schema-tree.js';
import { runModuleCase } from '../runner/run-module-case.js';
import { agent } from '../agent-registration.js';
import type { DuplicateIndex } from './duplicate-index.js';

export interface TypeTally {
  type: string;
  asked: number;
  produced: number;
  invalid: number;
  duplicates_exact: number;
  duplicates_near: number;
  quarantined: number;
  written: number;
  /** Why fewer were written than asked, when they were. */
  short_reason?: string;
}

export type Verdict =
  | { outcome: 'written'; case: ModuleCase }
  | { outcome: 'invalid' | 'duplicate_exact' | 'duplicate_near'; reason: string }
  | { outcome: 'quarantined'; case: ModuleCase; reasons: string[] };

export interface FunnelContext {
  module: string;
  prompt: PromptFile;
  reference: Provider;
  index: DuplicateIndex;
}

export function newTally(type: string, asked: number): TypeTally {
  return { type, asked, produced: 0, invalid: 0, duplicates_exact: 0, duplicates_near: 0, quarantined: 0, written: 0 };
}

export async function funnel(raw: Record<string, unknown>, strategy: string | null, carrier: string | undefined, ctx: FunnelContext): Promise<Verdict> {
  const id = String(raw.case_id);
  if (ctx.index.ids.has(id)) return { outcome: 'duplicate_exact', reason: `case_id ${id} already exists` };
  const problems: Problem[] = [];
  const [loaded] = parseModuleCaseFile(
    `generated:${id}`,
    stringify({ test_cases: [raw] }, { aliasDuplicateObjects: false }),
    ctx.module,
    ctx.prompt,
    problems,
    agent,
  );
  if (!loaded || problems.length)
    return {
      outcome: 'invalid',
      reason: problems.map((p) => `${p.field ?? ''} ${p.message}${p.expected ? ` (expected ${p.expected})` : ''}`.trim()).join('; ') || 'invalid',
    };
  const duplicate = ctx.index.find(loaded.input, strategy);
  if (duplicate)
    return {
      outcome: duplicate.kind === 'exact' ? 'duplicate_exact' : 'duplicate_near',
      reason: `${duplicate.kind === 'exact' ? 'same input as' : 'same normalised text as'} ${duplicate.of}`,
    };
  ctx.index.add(id, loaded.input, strategy);

  const kept = raw as unknown as ModuleCase;
  const conflicts = ruleConflicts(loaded, ctx.prompt, carrier);
  if (conflicts.length) return { outcome: 'quarantined', case: kept, reasons: conflicts };
  const result = await runModuleCase(loaded, 0, ctx.prompt, ctx.reference);
  if (result.status === 'error') return { outcome: 'quarantined', case: kept, reasons: [`the reference failed to answer: ${result.error}`] };
  if (result.status === 'failed')
    return { outcome: 'quarantined', case: kept, reasons: result.failed_checks.map((c) => `reference contradicts ${c.name}: ${c.reason}`) };
  return { outcome: 'written', case: kept };
}

export function count(tally: TypeTally, verdict: Verdict): void {
  tally.produced += 1;
  if (verdict.outcome === 'invalid') tally.invalid += 1;
  else if (verdict.outcome === 'duplicate_exact') tally.duplicates_exact += 1;
  else if (verdict.outcome === 'duplicate_near') tally.duplicates_near += 1;
  else if (verdict.outcome === 'quarantined') tally.quarantined += 1;
  else tally.written += 1;
}

/** Expectations the target prompt's own rules rule out, before any model is asked. */
function ruleConflicts(c: LoadedModuleCase, prompt: PromptFile, carrier: string | undefined): string[] {
  const out: string[] = [];
  const exp = c.expected_behavior;
  const both = exp.risk_tags_expected.filter((t) => exp.risk_tags_forbidden.includes(t));
  if (both.length) out.push(`risk tags both expected and forbidden: ${both.join(', ')}`);
  const tree = prompt.outputSchema?.tree;
  let tags = tree ? schemaAt(tree, 'risk_tags') : undefined;
  while (tags?.kind === 'array') tags = tags.items ?? undefined;
  if (tags?.kind === 'enum') {
    const unknown = exp.risk_tags_expected.filter((t) => !tags.values.includes(t));
    if (unknown.length) out.push(`risk tags outside the module's Output Schema: ${unknown.join(', ')}`);
  }
  // A module that sanitizes keeps the customer's business wording (the precheck's rule on sanitized text).
  if (carrier) {
    const own = exp.forbidden_outputs.filter((p) => carrier.includes(p));
    if (own.length) out.push(`forbids the customer's own words, which the module must keep: ${own.join(', ')}`);
  }
  return out;
}
