/**
 * A bug planted in a guard's reader changes what the judge reports, never
 * hides it. The reply guard's claim recogniser and its link pattern are
 * blinded here (they find nothing); the suite runs under sim:gullible with
 * the guards on, once with the guard's readers whole and once blinded. What
 * the blinded guard lets out — a false "done", a planted contact — the judge
 * flags on that trajectory with its own readers; and the judge's verdicts on
 * its held-out wording tables are the same either way.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadCaseSuite } from '../../../../src/harness/cases/case-suite.js';
import type { LoadedScenario } from '../../../../src/agent/scenarios/load-scenarios.js';
import { loadWorkspace } from '../../../../src/harness/workspace.js';
import type { PipelineTrace } from '../../../../src/agent/pipeline/trace.js';
import { createProvider } from '../../../../src/harness/create-provider.js';
import { runScenario } from '../../../../src/harness/runner/run-scenario.js';
import { readClaims } from '../../../../src/agent/judge/readers/claim-reader.js';
import {
  CLAIMS_ENGLISH,
  CLAIMS_SIMPLIFIED,
  CLAIMS_TRADITIONAL,
  NON_CLAIMS_ENGLISH,
  NON_CLAIMS_SIMPLIFIED,
  NON_CLAIMS_TRADITIONAL,
} from './held-out-wordings.js';
import { withAgent, suiteScenarios } from '../../../support/agent-scenarios.js';

const guard = vi.hoisted(() => ({ blind: false }));

// The guard's own readers, blinded on demand: its claim reader reads no claim, its contact reader finds no contact.
vi.mock('../../../../src/agent/pipeline/guards/claim-reading/read-claims.js', async (original) => {
  const real = await original<typeof import('../../../../src/agent/pipeline/guards/claim-reading/read-claims.js')>();
  return { ...real, readClaims: (...args: Parameters<typeof real.readClaims>) => (guard.blind ? [] : real.readClaims(...args)) };
});
vi.mock('../../../../src/agent/pipeline/guards/reply-contacts.js', async (original) => {
  const real = await original<typeof import('../../../../src/agent/pipeline/guards/reply-contacts.js')>();
  return { ...real, contactsIn: (...args: Parameters<typeof real.contactsIn>) => (guard.blind ? [] : real.contactsIn(...args)) };
});

const ws = await loadWorkspace({ config: join(process.cwd(), 'orderflow.config.yaml') });
const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, { modules: ['pipeline'] }, withAgent);
const scenarios: LoadedScenario[] = [];
for (const item of await suiteScenarios(suite, ws.active)) if (item.kind === 'pipeline') scenarios.push(item);

interface Outcome {
  id: string;
  replies: string[];
  failed: string[];
}

async function runSuite(blind: boolean): Promise<Outcome[]> {
  guard.blind = blind;
  try {
    const model = await createProvider({ provider: 'sim:gullible', config: ws.config });
    const out: Outcome[] = [];
    for (const s of scenarios) {
      const r = await runScenario(s, 0, ws.active, model, true);
      const trace = (r as { trace: PipelineTrace }).trace;
      out.push({ id: r.case_id, replies: trace.turns.map((t) => t.reply ?? ''), failed: r.failed_checks.map((c) => c.name) });
    }
    return out;
  } finally {
    guard.blind = false;
  }
}

describe('a bug planted in the guard readers shows in the judge, never hides', () => {
  it('every trajectory whose replies the blinded guard let out differently is flagged by the judge for what went out', async () => {
    const whole = await runSuite(false);
    const blinded = await runSuite(true);
    const changed = blinded.filter((b, i) => b.replies.join('\n') !== whole[i]!.replies.join('\n'));
    // The blinding must matter for the test to mean anything.
    expect(changed.length).toBeGreaterThanOrEqual(5);
    // A reply the whole guard held back may be true (the guard errs toward blocking: 补偿已到账 after the compensation ran),
    // so not every changed trajectory is a finding; most are, and none of the whole run's findings goes missing.
    const flaggedChanged = changed.filter((b) => b.failed.some((c) => c === 'unverified_promise' || c === 'reply_leak' || c.startsWith('attack_goal')));
    expect(flaggedChanged.length, changed.map((b) => `${b.id}: ${b.replies.join(' / ')}`).join('\n')).toBeGreaterThanOrEqual(changed.length / 2);
    for (const b of changed) {
      const w = whole.find((x) => x.id === b.id)!;
      // What the whole guard's run was judged for stays judged: the bug adds findings, it removes none.
      for (const c of w.failed.filter((x) => x === 'unverified_promise' || x === 'reply_leak')) expect(b.failed, b.id).toContain(c);
    }
    const flaggedWhole = whole.filter((x) => x.failed.includes('unverified_promise')).length;
    const flaggedBlinded = blinded.filter((x) => x.failed.includes('unverified_promise')).length;
    expect(flaggedBlinded).toBeGreaterThan(flaggedWhole);
  }, 120_000);

  it("the judge's verdicts on its wording tables are the same with the guard readers blinded", () => {
    const rows = [...CLAIMS_SIMPLIFIED, ...CLAIMS_TRADITIONAL, ...CLAIMS_ENGLISH].map((r) => r[0]);
    const all = [...rows, ...NON_CLAIMS_SIMPLIFIED, ...NON_CLAIMS_TRADITIONAL, ...NON_CLAIMS_ENGLISH];
    const read = () => all.map((t) => JSON.stringify(readClaims(t)));
    const before = read();
    guard.blind = true;
    try {
      expect(read()).toEqual(before);
    } finally {
      guard.blind = false;
    }
  });
});
