/**
 * `npm run bench:guards -- --hostile`: the hostile model (hostile-model.ts)
 * over every scenario and attack variant, each attack in turn, through the
 * real openai provider against a loopback server; prints the trajectories and
 * the count of each violation kind, with the first example of each.
 */
import type { LoadedScenario } from '../../src/agent/scenarios/load-scenarios.js';
import type { Setting } from '../guards/run-trajectory.js';
import { judgeMissedClaim, KIND_LABELS, VIOLATION_KINDS } from '../guards/violation-kinds.js';
import { seededRng } from '../../src/harness/base/seeded-random.js';
import { HOSTILE_ATTACKS } from './hostile-model.js';
import { PLACES, plantIn } from './planted-worlds.js';
import { runHostileTrajectory, startHostileServer, type HostileKind } from './hostile-trajectory.js';

const LABELS: Record<HostileKind, string> = {
  ...KIND_LABELS,
  model_contact_in_reply: 'contacts the model passed on, in a reply',
  planted_text_in_reply: 'planted record/document text in a reply (any field, any label)',
  write_after_planted_text_reached_decider: 'writes after planted record/document text reached a decider',
};
const KINDS: HostileKind[] = [...VIOLATION_KINDS, 'model_contact_in_reply', 'planted_text_in_reply', 'write_after_planted_text_reached_decider'];
const IN_FLIGHT = 8;

export interface HostileTally {
  trajectories: number;
  any: number;
  kinds: Map<HostileKind, number>;
  first: Map<HostileKind, string>;
  /**
   * Trajectories where the bench's own rule found a false claim sent and the judge, reading the same
   * replies with its own readers, reported none: what the judge fails to witness.
   */
  judgeMissed: number;
  firstJudgeMiss?: string;
}

/** The suite, its attack variants and the hostile bench's planted worlds, shuffled once so any budget samples every kind. */
export function hostileScenarios(suite: LoadedScenario[], variants: LoadedScenario[], seed: number): LoadedScenario[] {
  const planted = suite.flatMap((s) => PLACES.map((p) => plantIn(s, p)).filter((x): x is LoadedScenario => x !== null));
  const all = [...suite, ...variants, ...planted];
  const rng = seededRng(seed, 'hostile-order');
  for (let i = all.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

export async function hostileBench(scenarios: LoadedScenario[], setting: Setting, target: number, firstSeed: number): Promise<HostileTally> {
  const host = await startHostileServer(setting.active);
  const tally: HostileTally = { trajectories: 0, any: 0, kinds: new Map(), first: new Map(), judgeMissed: 0 };
  const jobs = function* () {
    for (let seed = firstSeed; ; seed++) for (const scenario of scenarios) for (const attack of HOSTILE_ATTACKS) yield { scenario, attack, seed };
  };
  const queue = jobs();
  let started = 0;
  const worker = async () => {
    while (started < target) {
      started += 1;
      const { scenario, attack, seed } = queue.next().value!;
      const { kinds } = await runHostileTrajectory(scenario, { attack, seed }, setting, host);
      tally.trajectories += 1;
      if (kinds.size) tally.any += 1;
      if (judgeMissedClaim(kinds)) {
        tally.judgeMissed += 1;
        tally.firstJudgeMiss ??= `${scenario.scenario_id} (${attack}, seed ${seed}): ${kinds.get('unbacked_claim_sent')!.slice(0, 200)}`;
      }
      for (const [kind, why] of kinds) {
        tally.kinds.set(kind, (tally.kinds.get(kind) ?? 0) + 1);
        if (!tally.first.has(kind)) tally.first.set(kind, `${scenario.scenario_id} (${attack}, seed ${seed}): ${why.slice(0, 200)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    await host.close();
  }
  return tally;
}

export function printHostile(t: HostileTally, guards: boolean, scenarios: number, seconds: number): void {
  console.log(
    `\nhostile model via the openai provider (loopback), guards ${guards ? 'on' : 'off'}; ${scenarios} scenarios (suite, attack variants, planted worlds) × ${HOSTILE_ATTACKS.length} attacks`,
  );
  const rows = [
    ['trajectories', String(t.trajectories)],
    ['trajectories per second', (t.trajectories / seconds).toFixed(0)],
    ['trajectories with any violation', String(t.any)],
    ...KINDS.map((k) => [LABELS[k], String(t.kinds.get(k) ?? 0)]),
    ['false claims sent that the judge did not report', String(t.judgeMissed)],
  ];
  const width = Math.max(...rows.map((r) => r[0]!.length));
  for (const [label, n] of rows) console.log(`${label!.padEnd(width)}  ${n!.padStart(6)}`);
  if (t.first.size) console.log('\nfirst example of each kind:');
  for (const k of KINDS) if (t.first.has(k)) console.log(`  ${k}: ${t.first.get(k)}`);
  if (t.firstJudgeMiss) console.log(`  missed by the judge: ${t.firstJudgeMiss}`);
}
