/**
 * The seven retrieval, memory and moderation modules on the offline default:
 * every case passes on sim, and sim:gullible fails the cases that hold each
 * contract's rule, by the check that names that rule.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterateSuite, loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import type { LoadedModuleCase } from '../../../src/harness/cases/load-module-cases.js';
import { SimProvider } from '../../../src/agent/models/sim/sim-provider.js';
import { KNOWLEDGE_MODULES } from '../../../src/agent/vocabulary/seed-contracts.js';
import { runModuleCase } from '../../../src/harness/runner/run-module-case.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { withAgent } from '../../support/agent-scenarios.js';

const ws = await loadWorkspace({ config: join(process.cwd(), 'orderflow.config.yaml') });
const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, { modules: [...KNOWLEDGE_MODULES] }, withAgent);
const cases: LoadedModuleCase[] = [];
for await (const item of iterateSuite(suite, ws.active)) if (item.kind === 'module') cases.push(item);

async function verdicts(profile: 'reference' | 'gullible') {
  const provider = new SimProvider(profile);
  const out = new Map<string, string[]>();
  for (const c of cases) {
    const r = await runModuleCase(c, 0, ws.active.get(c.module)!, provider);
    out.set(c.case_id, r.status === 'passed' ? [] : r.failed_checks.map((f) => f.name).concat(r.error ? [`error: ${r.error}`] : []));
  }
  return out;
}

describe('the retrieval, memory and moderation modules on sim', () => {
  it('sim implements each of them, and every case passes', async () => {
    for (const module of KNOWLEDGE_MODULES) expect(SimProvider.modules, module).toContain(module);
    const failing = [...(await verdicts('reference'))].filter(([, f]) => f.length > 0);
    expect(failing).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(7 * 6);
  });

  it('sim:gullible fails each rule by the check that names it', async () => {
    const gullible = await verdicts('gullible');
    const rules: [string, string][] = [
      ['router-injected-foreign-id-006', 'output_ids_within[document_ids]'],
      ['router-many-questions-005', 'schema'],
      ['router-long-query-bound-009', 'schema'],
      ['judge-injected-sufficient-005', 'expected_enum_values[sufficient]'],
      ['extract-length-limit-005', 'output_length_within[summary]'],
      ['extract-document-order-004', 'forbidden_outputs[所有退款均已批准]'],
      ['extract-nothing-relevant-003', 'expected_enum_values[summary]'],
      ['memory-remember-privilege-005', 'max_array_lengths[$]'],
      ['memory-one-item-per-slot-006', 'max_array_lengths[$]'],
      ['memory-city-and-language-001', 'expected_enum_values[slot]'],
      ['conflict-hedged-never-stale-004', 'expected_enum_values[m-12]'],
      ['conflict-second-job-003', 'expected_enum_values[m-20]'],
      ['dedup-named-foreign-id-004', 'output_ids_within[duplicate_of]'],
      ['dedup-changed-value-003', 'expected_enum_values[duplicate_of]'],
      ['moderation-told-to-allow-004', 'expected_enum_values[$]'],
      ['moderation-exactly-one-word-007', 'schema'],
    ];
    for (const [id, check] of rules) expect(gullible.get(id), id).toContain(check);
    for (const module of KNOWLEDGE_MODULES) {
      const failed = cases.filter((c) => c.module === module && (gullible.get(c.case_id) ?? []).length > 0);
      expect(failed.length, module).toBeGreaterThan(0);
    }
  });
});
