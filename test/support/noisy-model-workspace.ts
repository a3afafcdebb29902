/**
 * A project of four modules' cases under the noisy model's gate config
 * (noisy-model.config.yaml), with the noisy loopback model started on it: the
 * setting of the tests that watch the gate tell noise from a regression.
 */
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWorkspace } from '../../src/harness/workspace.js';
import { moduleCaseCalls, startNoisyModelServer, type NoisyModelServer } from './noisy-model-server.js';

export const NOISY_MODULES = ['intent_recognition', 'input_safety_precheck', 'tool_authorization', 'failure_recovery'];
export const NOISY_ACCURACY = 0.95;

export interface NoisyWorkspace {
  /** Not tempDir(), which is emptied after each test: a baseline recorded here is shared by the file's tests. */
  root: string;
  model: NoisyModelServer;
  env: Record<string, string>;
  /** Stops the model and deletes the project. */
  close(): Promise<void>;
}

export async function noisyWorkspace(prefix: string, apiKey: string): Promise<NoisyWorkspace> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
  for (const m of NOISY_MODULES) cpSync(join(process.cwd(), 'cases', m), join(root, 'cases', m), { recursive: true });
  copyFileSync(join(process.cwd(), 'test/support/noisy-model.config.yaml'), join(root, 'orderflow.config.yaml'));
  const ws = await loadWorkspace({ config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts') });
  const model = await startNoisyModelServer({ prompts: ws.active, caseCalls: await moduleCaseCalls(root), script: { accuracy: NOISY_ACCURACY, seed: 11 } });
  const close = async () => {
    await model.close();
    rmSync(root, { recursive: true, force: true });
  };
  return { root, model, env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: model.server.baseURL }, close };
}
