/**
 * Arms of one run: what the user asked to compare, read from the flags. A
 * module's `--prompt` given with two versions, `--provider` or `--model` given
 * twice: each value is an arm, and every other setting is shared. One thing
 * varies per run, so that a difference has one cause; two arms that are the
 * same are refused before anything runs.
 */
import { InputError } from '../base/errors.js';

export interface Arm {
  /** The varied value: the prompt name, provider or model. */
  name: string;
  provider: string | undefined;
  model: string | undefined;
  /** `--prompt` flags of this arm (module=name), each module once. */
  prompt: string[];
}

export interface ArmRequest {
  prompt?: string[];
  provider?: string | string[];
  model?: string | string[];
}

export interface ArmPlan {
  arms: Arm[];
  /** What differs between the arms, e.g. "prompt of intent_recognition", "model". */
  varied: string | null;
}

const PIN = /^([a-z][a-z0-9_]*)=([a-z][a-z0-9_]*)$/;

export function resolveArms(options: ArmRequest): ArmPlan {
  const providers = list(options.provider);
  const models = list(options.model);
  const byModule = new Map<string, string[]>();
  for (const flag of options.prompt ?? []) {
    const m = PIN.exec(flag);
    // Malformed flags are left for the pin parser, which says what is expected.
    if (!m) continue;
    const versions = byModule.get(m[1]!) ?? [];
    if (versions.includes(m[2]!)) throw same('{prompt}', `${m[1]}=${m[2]}`);
    byModule.set(m[1]!, [...versions, m[2]!]);
  }
  const variedModules = [...byModule].filter(([, v]) => v.length > 1);
  noRepeats('{provider}', providers);
  noRepeats('{model}', models);
  const dimensions = [variedModules.length > 0 ? '{prompt}' : null, providers.length > 1 ? '{provider}' : null, models.length > 1 ? '{model}' : null].filter(
    (d): d is string => d !== null,
  );
  if (variedModules.length > 1 || dimensions.length > 1) {
    throw new InputError({
      file: dimensions.join(' and ') || '{prompt}',
      message: `varies ${variedModules.length > 1 ? `the prompts of ${variedModules.map(([m]) => m).join(' and ')}` : dimensions.join(' and ')} at once: a difference between the arms would have more than one cause`,
      expected: "one thing given twice per run: one module's {prompt}, or {provider}, or {model}",
      severity: 'error',
    });
  }
  const provider = providers.length === 1 ? providers[0] : undefined;
  const model = models.length === 1 ? models[0] : undefined;
  const shared = (options.prompt ?? []).filter((f) => !variedModules.some(([m]) => f.startsWith(`${m}=`)));
  if (variedModules.length === 1) {
    const [module, versions] = variedModules[0]!;
    return { arms: versions.map((v) => ({ name: v, provider, model, prompt: [...shared, `${module}=${v}`] })), varied: `prompt of ${module}` };
  }
  if (providers.length > 1) return { arms: providers.map((p) => ({ name: p, provider: p, model, prompt: shared })), varied: 'provider' };
  if (models.length > 1) return { arms: models.map((m) => ({ name: m, provider, model: m, prompt: shared })), varied: 'model' };
  return { arms: [{ name: 'run', provider, model, prompt: options.prompt ?? [] }], varied: null };
}

/** The config's `arms:` as the flags that would say the same; the flags win when they give arms of their own. */
interface ConfigArm {
  prompt?: Record<string, string> | undefined;
  provider?: string | undefined;
  model?: string | undefined;
}

export function armFlagsOf(options: ArmRequest, configArms: ConfigArm[] | undefined): ArmRequest {
  if (!configArms?.length || resolveArms(options).arms.length > 1) return options;
  const flags = (pick: (a: ConfigArm) => string | undefined) => [...new Set(configArms.map(pick).filter((v): v is string => v !== undefined))];
  const prompts = [...new Set(configArms.flatMap((a) => Object.entries(a.prompt ?? {}).map(([m, n]) => `${m}=${n}`)))];
  const providers = flags((a) => a.provider);
  const models = flags((a) => a.model);
  return {
    prompt: [...(options.prompt ?? []).filter((f) => !prompts.some((p) => p.split('=')[0] === f.split('=')[0])), ...prompts],
    provider: providers.length ? providers : options.provider,
    model: models.length ? models : options.model,
  };
}

/** The arm the gate judges against the baseline: `--gate-arm`, else the first (the reference the baseline was recorded with). */
export function designatedArm(plan: ArmPlan, requested: string | undefined): Arm {
  if (requested === undefined) return plan.arms[0]!;
  const arm = plan.arms.find((a) => a.name === requested);
  if (!arm)
    throw new InputError({
      file: '{gateArm}',
      message: `"${requested}" is not an arm of this run`,
      expected: `one of ${plan.arms.map((a) => a.name).join(', ')}`,
      severity: 'error',
    });
  return arm;
}

function list(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function noRepeats(flag: string, values: string[]): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw same(flag, v);
    seen.add(v);
  }
}

function same(flag: string, value: string): InputError {
  return new InputError({
    file: flag,
    message: `${flag} ${value} is given twice: the two arms would be the same`,
    expected: `two different values of ${flag} to compare, or ${flag} once`,
    severity: 'error',
  });
}
