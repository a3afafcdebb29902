/**
 * Writes one counterexample of bench:guards as a ready-to-run case folder:
 * the scenario (as the bench ran it) under `cases/pipeline/`, and the
 * adversary's recorded choices as a tape beside it. `orderflow eval` with the
 * printed command replays the trajectory draw for draw and shows the same
 * violation.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { LoadedScenario } from '../../src/agent/scenarios/load-scenarios.js';
import type { Scenario } from '../../src/agent/scenarios/scenario-schema.js';
import type { AdversaryMode } from '../../src/agent/models/adversary/adversary-provider.js';
import { tapeFileOf } from '../../src/agent/models/adversary/tape-file.js';

export interface Counterexample {
  kind: string;
  why: string;
  scenario: LoadedScenario | Scenario;
  mode: AdversaryMode;
  seed: number;
  tape: readonly number[];
  guards: boolean;
}

export interface WrittenCounterexample {
  /** The case folder to pass to --cases. */
  cases: string;
  scenarioFile: string;
  tapeFile: string;
  /** The command that reproduces it. */
  command: string;
}

export function writeCounterexample(dir: string, ex: Counterexample): WrittenCounterexample {
  const folder = join(dir, ex.kind);
  const cases = join(folder, 'cases');
  mkdirSync(join(cases, 'pipeline'), { recursive: true });
  const { file: _f, line: _l, kind: _k, ...scenario } = ex.scenario as LoadedScenario;
  const scenarioFile = join(cases, 'pipeline', `${scenario.scenario_id}.yaml`);
  const tapeFile = join(folder, 'tape.json');
  const provider = ex.mode === 'coherent' ? 'sim:adversary:coherent' : 'sim:adversary';
  const command = [
    'orderflow eval',
    `--provider ${provider}`,
    `--seed ${ex.seed}`,
    `--adversary-tape ${tapeFile}`,
    `--cases ${cases}`,
    '--no-cache',
    ...(ex.guards ? [] : ['--no-guards']),
  ].join(' ');
  writeFileSync(tapeFile, `${JSON.stringify(tapeFileOf(ex.mode, ex.seed, { [scenario.scenario_id]: ex.tape }))}\n`);
  const header = [`# bench:guards counterexample (${ex.kind}): ${ex.why.replace(/\n/g, ' ')}`, `# reproduce: ${command}`].join('\n');
  writeFileSync(scenarioFile, `${header}\n${stringify({ scenarios: [scenario] })}`);
  return { cases, scenarioFile, tapeFile, command };
}
