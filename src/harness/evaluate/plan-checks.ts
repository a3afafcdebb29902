/**
 * The refusals of the plan that are about the run as a whole, not one option's
 * value: each is said before anything is written or called.
 */
import { InputError } from '../base/errors.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { lintRegistryCached } from '../registry/lint.js';
import type { Registry } from '../registry/registry.js';
import type { CheckedOptions } from './evaluate-options.js';
import { agent } from '../agent-registration.js';

/** A prompt that `orderflow lint` rejects is never run: lint and eval agree on what is broken. */
export async function refuseLintErrors(registry: Registry, active: Map<string, PromptFile>): Promise<void> {
  const used = new Set([...active.values()].map((p) => p.path));
  // Each prompt's own checks from the parse cache when the launcher keeps one: the same answers `orderflow lint` gives.
  const errors = (await lintRegistryCached(registry, agent.contracts)).filter((p) => p.severity === 'error' && used.has(p.file));
  if (errors.length > 0) throw new InputError(errors);
}

export function refuseGeneratedBaseline(options: CheckedOptions): void {
  if (options.generated && options.updateBaseline) {
    throw new InputError({
      file: '{updateBaseline}',
      message: 'the baseline records the suite, not generated cases',
      expected: '{generated} without {updateBaseline}',
      severity: 'error',
    });
  }
}

export function refuseUpdateWithoutBaseline(options: CheckedOptions): void {
  if (options.updateBaseline && options.baseline === false) {
    throw new InputError({
      file: '{baseline}',
      message: 'false (no baseline) cannot go with {updateBaseline}: the update must be checked against the baseline it replaces',
      severity: 'error',
    });
  }
}

export function refuseResumeWithoutOut(options: CheckedOptions): void {
  if (options.resume && !options.out) {
    throw new InputError({ file: '{resume}', message: 'needs {out} naming the folder of the interrupted run', severity: 'error' });
  }
}

export function noCaseMatches(options: CheckedOptions): InputError {
  const flags = [
    ...(options.id ?? []).map((id) => `{id} '${id}'`),
    ...(options.module ?? []).map((m) => `{module} ${m}`),
    ...(options.caseType ?? []).map((t) => `{caseType} ${t}`),
  ];
  return new InputError({
    file: flags.length ? flags.join(' ') : 'cases',
    message: flags.length ? 'no case matches' : 'the suite has no case',
    expected: flags.length ? 'a filter that selects at least one case (orderflow list shows the suite)' : 'cases under cases/<module>/ or cases/pipeline/',
    severity: 'error',
  });
}
