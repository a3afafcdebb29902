/**
 * `orderflow lint`: every check of docs/spec/modules.md#what-lint-enforces over the loaded registry. Returns
 * problems; the CLI decides the exit code.
 */
import type { Problem } from '../base/errors.js';
import { changelogItem, isBreakingEntry, unacknowledgedBreaking } from './breaking-ack.js';
import { diffPrompts } from './prompt-diff.js';
import { parseCacheEntry } from '../base/parse-cache.js';
import { loadSchemaCompiler } from './compiled-schema.js';
import { lintPrompt } from './lint-prompt.js';
import type { PromptFile } from './prompt-file.js';
import type { Registry } from './registry.js';
import type { AgentContracts } from './agent-contracts.js';

/** `contracts`: the agent's names (its risk levels order what a version change lowers). */
export function lintRegistry(registry: Registry, contracts: AgentContracts): Problem[] {
  return [...registry.prompts.flatMap(lintPrompt), ...lintModules(registry, contracts)];
}

/**
 * lintRegistry with each file's own checks kept in the parse cache: they depend
 * on the file alone, and checking its examples is what needs zod.
 */
export async function lintRegistryCached(registry: Registry, contracts: AgentContracts): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const prompt of registry.prompts) {
    const entry = parseCacheEntry('lint', [prompt.path, prompt.text]);
    const stored = entry?.read();
    if (Array.isArray(stored)) {
      problems.push(...(stored as Problem[]));
      continue;
    }
    await loadSchemaCompiler();
    const own = lintPrompt(prompt);
    entry?.write(own);
    problems.push(...own);
  }
  return [...problems, ...lintModules(registry, contracts)];
}

/** The checks between the versions of each module. */
function lintModules(registry: Registry, contracts: AgentContracts): Problem[] {
  const problems: Problem[] = [];
  for (const entry of registry.modules.values()) {
    for (const prompt of entry.versions.slice(1)) {
      if (!prompt.changelog.some((c) => c.version === prompt.metadata.version)) {
        problems.push({
          file: prompt.path,
          line: prompt.metadataLines.changelog ?? prompt.metadataLines.version,
          field: 'changelog',
          severity: 'error',
          message: `${prompt.metadata.version} supersedes ${entry.versions[0]!.metadata.name} but has no changelog entry for ${prompt.metadata.version}`,
          expected: `changelog:\n  - ${prompt.metadata.version}: <what changed>`,
        });
      }
    }
    problems.push(...lintBreakingAcknowledged(entry.versions, contracts.riskLevels), ...lintDroppedAcknowledgements(entry.versions));
  }
  return problems;
}

/**
 * Each version against the one before it: a breaking change its changelog does
 * not name as breaking is a warning here, and fails the eval gate against a
 * baseline that has the older version.
 */
function lintBreakingAcknowledged(versions: readonly PromptFile[], riskLevels: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  for (let i = 1; i < versions.length; i++) {
    const [older, newer] = [versions[i - 1]!, versions[i]!];
    const diff = diffPrompts(older, newer, riskLevels);
    for (const change of unacknowledgedBreaking([...diff.schema, ...diff.structured], newer.metadata.version, newer.changelog)) {
      problems.push({
        file: newer.path,
        line: newer.metadataLines.changelog ?? newer.metadataLines.version,
        field: 'changelog',
        severity: 'warning',
        message: `breaking change since ${older.metadata.name} not acknowledged: ${change.path}: ${change.message}`,
        expected: `a changelog entry "${newer.metadata.version}: BREAKING: …" that names it`,
      });
    }
  }
  return problems;
}

/**
 * A version copied from the one before keeps its breaking-change entries: a
 * baseline older than both is judged by them, and without them the change
 * its predecessor acknowledged fails the gate again.
 */
function lintDroppedAcknowledgements(versions: readonly PromptFile[]): Problem[] {
  const problems: Problem[] = [];
  for (let i = 1; i < versions.length; i++) {
    const [older, newer] = [versions[i - 1]!, versions[i]!];
    const kept = new Set(newer.changelog.map((e) => `${e.version}\u0000${e.text}`));
    for (const entry of older.changelog.filter((e) => isBreakingEntry(e) && !kept.has(`${e.version}\u0000${e.text}`))) {
      problems.push({
        file: newer.path,
        line: newer.metadataLines.changelog ?? newer.metadataLines.version,
        field: 'changelog',
        severity: 'warning',
        message: `${newer.metadata.name} drops the acknowledgement "${entry.version}: ${entry.text}" that ${older.metadata.name} had: against a baseline older than ${older.metadata.version}, that change fails the gate again`,
        expected: `the entry kept: ${changelogItem(entry)}`,
      });
    }
  }
  return problems;
}
