/**
 * `--provider` → a Provider. `sim` and `sim:gullible` are offline and never
 * cached (they are deterministic and free); `openai` is the OpenAI-compatible
 * client wrapped in the response cache.
 *
 * The API key comes only from OPENAI_API_KEY, never from config or flags, so
 * it cannot end up in a committed file or a shell history. The base URL comes
 * from OPENAI_BASE_URL, else `openai.base_url`; the model from the explicit
 * option, else `model` in the config, else ORDERFLOW_MODEL.
 */
import { resolve } from 'node:path';
import { baseUrlProblem, type Config } from './config/config.js';
import { resolveCallLimits, SERVER_KINDS, type ServerSetting } from './config/openai-settings.js';
import { InputError } from './base/errors.js';
import type { Provider } from './providers/provider.js';
import { CachedProvider, type CacheMode } from './providers/response-cache.js';
import { resolveOutputMode, resolveServer } from './providers/server-presets.js';
import { agent } from './agent-registration.js';

const PROVIDER_NAMES = ['sim', 'sim:gullible', 'sim:adversary', 'openai', 'sim:adversary:coherent'] as const;

export interface CreateProviderOptions {
  /** sim | sim:gullible | openai */
  provider: string;
  /** `--model`; overrides config and environment. */
  model?: string | null;
  config: Config;
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Overrides config.cache.mode (`--no-cache` → 'off'). */
  cacheMode?: CacheMode;
  /** Overrides config.cache.dir; relative paths resolve against the working directory. */
  cacheDir?: string;
  /** `--timeout` (seconds, or with ms/s/m); else ORDERFLOW_TIMEOUT; else openai.timeout_ms. */
  timeout?: string;
  /** Where the provider name came from, for the error that names it: --provider, ORDERFLOW_PROVIDER or the config file. */
  providerSource?: string;
  /** `--max-retries`; else ORDERFLOW_MAX_RETRIES; else openai.max_retries. */
  maxRetries?: string | number;
  /** `--server`; else openai.server. */
  server?: string;
  /** `--seed` of sim:adversary (default 1). */
  seed?: number;
  /** `--adversary-tape`: recorded choices of sim:adversary to replay (a counterexample of bench:guards). */
  adversaryTape?: string;
}

export async function createProvider(options: CreateProviderOptions): Promise<Provider> {
  const { config } = options;
  const env = options.env ?? process.env;
  // Checked whatever the provider: a typo in a flag must not wait for the day the run goes live.
  const limits = resolveCallLimits({
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    env,
  });
  if (options.server !== undefined) serverSetting(options.server);
  const offline = Object.hasOwn(agent.offlineProviders, options.provider) ? agent.offlineProviders[options.provider] : undefined;
  if (offline) {
    return offline({
      provider: options.provider,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.adversaryTape !== undefined ? { adversaryTape: options.adversaryTape } : {}),
    });
  }
  switch (options.provider) {
    case 'openai': {
      const mode = options.cacheMode ?? config.cache.mode;
      const model = options.model || config.model || env.ORDERFLOW_MODEL;
      if (!model) {
        throw new InputError({
          file: '{model}',
          message: 'the openai provider needs a model',
          expected: '{model} NAME, `model:` in orderflow.config.yaml, or the ORDERFLOW_MODEL environment variable',
          severity: 'error',
        });
      }
      const apiKey = env.OPENAI_API_KEY || null;
      if (!apiKey && mode !== 'replay') {
        throw new InputError({
          file: 'OPENAI_API_KEY',
          message: 'the openai provider needs an API key in the OPENAI_API_KEY environment variable (it is never read from config or flags)',
          expected: 'OPENAI_API_KEY set, or cache mode replay to re-run recorded responses without a key',
          severity: 'error',
        });
      }
      const openai = config.openai;
      const baseURL = env.OPENAI_BASE_URL || openai.base_url;
      const urlProblem = baseURL ? baseUrlProblem(baseURL, env.OPENAI_BASE_URL ? 'OPENAI_BASE_URL' : 'openai.base_url') : undefined;
      if (urlProblem) throw new InputError(urlProblem);
      const server = resolveServer(serverSetting(options.server ?? openai.server), baseURL);
      // Loaded only when used: sim runs never pay for the HTTP client.
      const { OpenAIProvider } = await import('./providers/openai-provider.js');
      const inner = new OpenAIProvider({
        model,
        apiKey,
        baseURL,
        server,
        timeoutMs: limits.timeoutMs ?? openai.timeout_ms,
        maxRetries: limits.maxRetries ?? openai.max_retries,
        outputMode: resolveOutputMode(openai.output_mode, server),
        temperature: openai.temperature,
        maxTokens: openai.max_tokens,
        maxConnections: openai.max_connections,
        prices: config.prices,
      });
      return new CachedProvider(inner, { dir: resolve(options.cacheDir ?? config.cache.dir), mode });
    }
    default:
      throw new InputError({
        file: options.providerSource ?? '{provider}',
        message: `unknown provider "${options.provider}"`,
        expected: `one of ${PROVIDER_NAMES.join(', ')}`,
        severity: 'error',
      });
  }
}

function serverSetting(value: string): ServerSetting {
  if ((SERVER_KINDS as readonly string[]).includes(value)) return value as ServerSetting;
  throw new InputError({ file: '{server}', message: `unknown server kind "${value}"`, expected: `one of ${SERVER_KINDS.join(', ')}`, severity: 'error' });
}
