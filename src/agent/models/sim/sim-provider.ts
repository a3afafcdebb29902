/**
 * The offline, deterministic default provider. Each module is a reference
 * implementation of the seed's rules that reads the active prompt's structured
 * sections; its output is serialised to text and goes through the same
 * parsing and schema checks as a real model's.
 */
import { performance } from 'node:perf_hooks';
import type { ModelRequest, ModelResponse, Provider } from '../../../harness/providers/provider.js';
import type { SimProfile } from './sim-module.js';
import { SIM_MODULES } from './sim-modules.js';
import { ProviderError } from '../../../harness/base/errors.js';

export class SimProvider implements Provider {
  readonly id: string;
  readonly model: string;

  constructor(readonly profile: SimProfile = 'reference') {
    this.id = profile === 'gullible' ? 'sim:gullible' : 'sim';
    this.model = this.id;
  }

  /** The modules sim implements; any other is a module of the user's own, which only a real model answers. */
  static readonly modules: readonly string[] = Object.keys(SIM_MODULES).sort();

  cannotRun(module: string): string | null {
    return SIM_MODULES[module] ? null : `${this.id} has no implementation of module ${module}; its cases run on --provider openai`;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const simulate = SIM_MODULES[request.module];
    if (!simulate) throw new ProviderError(this.cannotRun(request.module)!, 'refused');
    const started = performance.now();
    const output = simulate(request.input, { prompt: request.prompt, profile: this.profile });
    return {
      text: typeof output === 'string' ? output : JSON.stringify(output),
      usage: { input_tokens: 0, output_tokens: 0 },
      latency_ms: performance.now() - started,
      cost_usd: 0,
      cached: false,
    };
  }
}
