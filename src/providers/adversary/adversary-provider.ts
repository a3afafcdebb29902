/**
 * `--provider sim:adversary`: an offline model that does the worst it can
 * within each module's Output Schema, to show that the guards hold whatever
 * the model does. Seeded (`--seed`): the same seed, scenario, trial and input
 * give the same output, so a counterexample can be run again.
 */
import { performance } from 'node:perf_hooks';
import { seededRng } from '../../base/seeded-random.js';
import { ProviderError, type ModelRequest, type ModelResponse, type Provider } from '../provider.js';
import { adversarialValue } from './adversary-model.js';
import { harvest } from './harvest.js';

/** Tries at a value the schema's validator accepts (a bound the tree cannot express, say). */
const ATTEMPTS = 5;

export class AdversaryProvider implements Provider {
  readonly id = 'sim:adversary';
  readonly model = 'sim:adversary';
  readonly callSettings: Record<string, number>;

  constructor(readonly seed: number) {
    this.callSettings = { seed };
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const schema = request.prompt.outputSchema;
    if (!schema) throw new ProviderError(`sim:adversary needs an Output Schema for module ${request.module}`, 'refused');
    const started = performance.now();
    const shown = harvest(request.input, request.prompt.systemPrompt);
    const rng = seededRng(this.seed, request.caseId ?? '', request.module, request.trial, JSON.stringify(request.input));
    let output = adversarialValue(schema.tree, '', shown, rng);
    for (let i = 1; i < ATTEMPTS && !schema.zod.safeParse(output).success; i++) output = adversarialValue(schema.tree, '', shown, rng);
    return {
      text: JSON.stringify(output),
      usage: { input_tokens: 0, output_tokens: 0 },
      latency_ms: performance.now() - started,
      cost_usd: 0,
      cached: false,
    };
  }
}
