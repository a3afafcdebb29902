/**
 * Prompt changes since the baseline, for review: per module whose active
 * prompt differs from the one the baseline stored, old → new and the diff that
 * `orderflow diff` computes, against the stored data (so it works after the old
 * file is gone). A breaking change counts against the gate unless the new
 * version's changelog acknowledges it.
 */
import { changeSubjects, unacknowledgedBreaking } from '../registry/breaking-ack.js';
import { READ_AS_DATA } from '../providers/reads-prompt-text.js';
import { diffPrompts, type PromptDiff } from '../registry/prompt-diff.js';
import type { PromptSnapshot } from '../registry/prompt-snapshot.js';
import type { SchemaChange } from '../registry/schema-diff.js';
import { agent } from '../agent-registration.js';

type PromptRef = { name: string; version: string; sha256: string };

/** module → the active prompt now; `snapshot` is null where only its reference is known. */
export type CurrentPrompts = Map<string, { ref: PromptRef; snapshot: PromptSnapshot | null }>;

export interface PromptChange {
  module: string;
  /** null: the module is new since the baseline. */
  before: PromptRef | null;
  /** null: the module is gone. */
  after: PromptRef | null;
  /** null when one side is missing, or its data could not be read. */
  diff: PromptDiff | null;
  breaking_count: number;
  /** Breaking changes the new version does not acknowledge: each fails the gate. */
  unacknowledged: SchemaChange[];
  /** Changed lines in sections an offline provider (sim) never reads: only a model that reads the prompt evaluates them. */
  unread_text?: PromptDiff['text'];
}

const ref = (p: PromptSnapshot): PromptRef => ({ name: p.name, version: p.version, sha256: p.sha256 });

/** A prompt file at hand with this sha256, snapshotted now: a baseline stored before whole sections were kept is read whole from it. */
export type KnownPrompt = (sha256: string) => PromptSnapshot | undefined;

export function reviewPromptChanges(baseline: Record<string, PromptSnapshot>, current: CurrentPrompts, known: KnownPrompt = () => undefined): PromptChange[] {
  const out: PromptChange[] = [];
  for (const module of [...new Set([...Object.keys(baseline), ...current.keys()])].sort()) {
    const stored = baseline[module];
    const before = stored && !stored.text_sections ? (known(stored.sha256) ?? stored) : stored;
    const now = current.get(module);
    if (before && now && before.sha256 === now.ref.sha256) continue;
    const diff = before && now?.snapshot ? diffPrompts(before, now.snapshot, agent.contracts.riskLevels) : null;
    const changes = diff ? [...diff.schema, ...diff.structured] : [];
    out.push({
      module,
      before: before ? ref(before) : null,
      after: now ? now.ref : null,
      diff,
      breaking_count: changes.filter((c) => c.severity === 'breaking').length,
      unread_text: (diff?.text ?? []).filter((t) => !READ_AS_DATA.test(t.section)),
      unacknowledged: diff && now?.snapshot ? unacknowledgedBreaking(changes, now.snapshot.version, now.snapshot.changelog, before?.version) : [],
    });
  }
  return out;
}

/** The breaking changes that were acknowledged, with what they are about. */
export function acknowledgedChanges(changes: PromptChange[] | null): { module: string; subjects: string[]; message: string }[] {
  return (changes ?? []).flatMap((p) => {
    if (!p.diff) return [];
    const open = new Set(p.unacknowledged.map((c) => c.message));
    return [...p.diff.schema, ...p.diff.structured]
      .filter((c) => c.severity === 'breaking' && !open.has(c.message))
      .map((c) => ({ module: p.module, subjects: changeSubjects(c), message: `${p.module}: ${c.message}` }))
      .filter((a) => a.subjects.length > 0);
  });
}

/** Each breaking change a changelog acknowledged, by module: what a reviewer approves when the gate passes with them. */
export function acknowledgedBreaking(changes: PromptChange[] | null): { module: string; version: string; change: SchemaChange }[] {
  return (changes ?? []).flatMap((p) => {
    const open = new Set(p.unacknowledged.map((c) => c.message));
    return [...(p.diff?.schema ?? []), ...(p.diff?.structured ?? [])]
      .filter((c) => c.severity === 'breaking' && !open.has(c.message))
      .map((change) => ({ module: p.module, version: p.after?.version ?? '', change }));
  });
}
