/**
 * The top of report.md: why the gate decided as it did, what makes the
 * comparison with the baseline unfair or untrusted, what was accepted on
 * purpose, the prompt changes since the baseline, and the per-case comparison.
 * A reviewer reads these first; every list is capped.
 */
import { readsPromptText } from '../providers/reads-prompt-text.js';
import { suggestedAcknowledgement } from '../registry/breaking-ack.js';
import { cappedLineGroups, changedLineGroups } from '../registry/prompt-diff-lines.js';
import type { PromptDiff } from '../registry/prompt-diff.js';
import type { PromptChange } from './prompt-review.js';
import { acknowledgedItems, describeItem, gateWords } from './review-verdict.js';
import { flipsJudged, whyNotJudged } from './run-words.js';
import { codeSpan, escapeHtml, escapeMarkdownInline as md, neutraliseMentions } from './escape.js';
import type { ReportHead } from './report-types.js';

/** Ids listed one per line in each list; the rest are counted and pointed to. */
const ID_LIST_CAP = 25;
const MORE = 'see report.html / report.json';
const CHANGE_CAP = 25;
/** Changed text lines shown per module; report.html has them all. */
const CHANGED_LINE_CAP = 40;

/** "text changed, not evaluated by sim", with the lines: a pass on sim says nothing about them. */
function unreadTextMarkdown(unread: PromptDiff['text'], provider: string): string[] {
  const { groups, left_out } = cappedLineGroups(changedLineGroups({ metadata: [], text: unread, changelog: { added: [], removed: [] } }), CHANGED_LINE_CAP);
  const out = [
    '',
    `⚠️ **text changed, not evaluated by ${md(provider)}**: ${md(provider)} reads only the schemas and structured lists, so these lines were never run. Evaluate them on a model that reads the prompt (a live run, or ${codeSpan('--replay')} of a recorded one), or accept with ${codeSpan('--accept unevaluated-text')}.`,
    '',
  ];
  for (const g of groups) out.push(`- ${md(g.title)}`, ...g.lines.map((l) => `  - ${codeSpan(`${l.sign} ${l.text}`, 400)}`));
  if (left_out) out.push(`- … and ${left_out} more line(s): report.html has them all`);
  return out;
}

/** Every changed line, section by section (metadata, text, changelog entries), capped with a pointer to the whole diff. */
function changedLinesMarkdown(diff: PromptDiff): string[] {
  const { groups, left_out } = cappedLineGroups(changedLineGroups(diff), CHANGED_LINE_CAP);
  if (!groups.length) return [];
  const out = ['', '**Changed lines**', ''];
  for (const g of groups) out.push(`- ${md(g.title)}`, ...g.lines.map((l) => `  - ${codeSpan(`${l.sign} ${l.text}`, 400)}`));
  if (left_out) out.push(`- … and ${left_out} more changed line(s): the whole diff is in report.html (Prompt changes)`);
  if (diff.text_scope === 'prose')
    out.push('', '_The baseline stored only the prose sections of this prompt: the text of its structured sections and examples could not be compared._');
  return out;
}

/** "✅ gate passed", "⚠️ gate passed with 2 acknowledged breaking change(s)", "❌ gate FAILED". */
export function verdictHeading(head: ReportHead): string {
  const words = gateWords(head);
  return `${!head.gate.passed ? '❌' : words === 'passed' ? '✅' : '⚠️'} gate ${words}`;
}

/** Lines right under the verdict heading. */
export function renderVerdictNotes(head: ReportHead): string[] {
  const out: string[] = [];
  const { gate, baseline, run } = head;
  const failed = gate.checks.filter((c) => !c.passed);
  if (failed.length) {
    out.push('**Why the gate failed**', '');
    for (const c of failed) out.push(`- ${md(c.reason, 600)}`);
    out.push('');
  }
  const acknowledged = acknowledgedItems(head);
  if (acknowledged.length) {
    out.push(`**Acknowledged breaking changes (${acknowledged.length})**: each ships on purpose, so each needs a reviewer's approval`, '');
    out.push(...acknowledged.slice(0, CHANGE_CAP).map((a) => `- ${md(describeItem(a), 600)}`));
    if (acknowledged.length > CHANGE_CAP) out.push(`- … and ${acknowledged.length - CHANGE_CAP} more — ${MORE}`);
    out.push('');
  }
  const notes: string[] = [];
  if (run.incomplete)
    notes.push(
      `⚠️ **Incomplete run**: ${run.incomplete.done} of ${run.incomplete.total} results; ${md(run.incomplete.reason, 300)}. Finish it with ${codeSpan(run.incomplete.resume, 2_000)}.`,
    );
  if (run.partial)
    notes.push(
      `⚠️ **Partial run**: shard(s) ${run.partial.missing_shards.join(', ')} of ${run.partial.of} were not merged; the figures cover only part of the suite.`,
    );
  if (baseline?.untrusted)
    notes.push(`⚠️ **Baseline not trusted**: ${codeSpan(baseline.path)} is ${md(baseline.untrusted, 400)}. Nothing is judged against it.`);
  if (baseline?.not_comparable.length) {
    notes.push(`⚠️ **Baseline not comparable**: ${md(baseline.not_comparable.join('; '), 600)}. Per-case flips are not reported as regressions.`);
  }
  const loosened = head.gate_settings_changes.filter((c) => c.loosened);
  if (loosened.length) notes.push(`⚠️ **Gate settings loosened since the baseline**: ${loosened.map((c) => codeSpan(c.message)).join(', ')}`);
  for (const c of gate.checks.filter((x) => x.accepted)) notes.push(`Accepted on purpose (\`--accept ${c.accepted}\`): ${md(c.reason, 600)}`);
  const recorded = baseline?.recorded_with;
  if (recorded?.accepted.length) notes.push(`The baseline was recorded with ${recorded.accepted.map((a) => codeSpan(`--accept ${a}`)).join(', ')}.`);
  if (recorded && !recorded.gate.passed) notes.push(`The baseline's own gate had failed: ${md(recorded.gate.failing.join('; '), 400)}.`);
  if (recorded?.replaced?.removed_count)
    notes.push(
      `The baseline update removed ${recorded.replaced.removed_count} case(s) on purpose: ${idList(recorded.replaced.removed, recorded.replaced.removed_count)}.`,
    );
  if (notes.length) out.push(...notes.flatMap((n) => [n, '']));
  return out;
}

/** "## Prompt changes since the baseline": old → new and the structured diff, breaking changes marked. */
export function renderPromptChanges(changes: PromptChange[] | null, provider?: string): string[] {
  if (!changes || changes.length === 0) return [];
  const out = ['## Prompt changes since the baseline', ''];
  for (const p of changes) {
    const from = p.before ? `${p.before.name} ${p.before.version}` : '(none)';
    const to = p.after ? `${p.after.name} ${p.after.version}` : '(removed)';
    const status = p.unacknowledged.length
      ? `❌ ${p.unacknowledged.length} breaking change(s) not acknowledged`
      : p.breaking_count
        ? `⚠️ ${p.breaking_count} breaking change(s), acknowledged in the changelog`
        : 'no breaking change';
    out.push(`### ${p.module}: ${codeSpan(from)} → ${codeSpan(to)} · ${status}`, '');
    if (!p.diff) {
      out.push(p.before && p.after ? '_The new prompt file is not at hand: only its reference is known._' : '', '');
      continue;
    }
    const open = new Set(p.unacknowledged.map((c) => c.message));
    const changes = [...p.diff.schema, ...p.diff.structured];
    for (const c of changes.slice(0, CHANGE_CAP)) {
      const tag = c.severity === 'breaking' ? (open.has(c.message) ? '**BREAKING**' : '**breaking** (acknowledged)') : 'compatible';
      out.push(`- ${tag} ${codeSpan(c.path)}: ${md(c.message)}`);
    }
    if (changes.length > CHANGE_CAP) out.push(`- … and ${changes.length - CHANGE_CAP} more (report.json, prompt_changes)`);
    if (provider && !readsPromptText(provider) && p.unread_text?.length) out.push(...unreadTextMarkdown(p.unread_text, provider));
    out.push(...changedLinesMarkdown(p.diff));
    if (p.unacknowledged.length) {
      const version = p.after?.version ?? '';
      out.push(
        '',
        `To ship it on purpose, add to the ${codeSpan('changelog:')} list of ${codeSpan(version)} an entry that names each change as breaking, then have it reviewed:`,
        '',
        '<pre>',
        ...p.unacknowledged.slice(0, CHANGE_CAP).map((c) => `  ${preLine(suggestedAcknowledgement(version, c))}`),
        '</pre>',
      );
    }
    out.push('');
  }
  return out;
}

/**
 * One line inside a <pre> block, inert (GitHub renders no markup, mention or
 * issue link there) and copied as written: no line break, no tag.
 */
const preLine = (text: string) => neutraliseMentions(escapeHtml(text.replace(/\s+/g, ' ')));

/** "## Against the baseline": counts, then each list of ids. */
export function renderBaselineComparison(head: ReportHead, reasons: ReadonlyMap<string, string> = new Map()): string[] {
  const b = head.baseline;
  if (!b) return [];
  const judged = flipsJudged(head);
  const counts = `${b.newly_failing_count} newly failing, ${b.newly_passing_count} newly passing, ${b.removed_count} removed, ${b.changed_count} changed, ${b.added} new since the baseline`;
  const out = [
    '## Against the baseline',
    '',
    `Baseline ${codeSpan(b.path)}${b.run_id ? ` (run ${codeSpan(b.run_id)})` : ''}: ${judged ? `${counts}.` : `per-case flips not judged: ${md(whyNotJudged(head), 600)}.`}`,
    '',
  ];
  const { filters: f, shard } = head.run;
  if (f.modules.length || f.case_types.length || f.ids.length || shard) {
    out.push('_This run was filtered or sharded: metric deltas compare a subset with the whole baseline; the per-case flips are exact._', '');
  }
  if (!judged && (b.newly_failing_count || b.newly_passing_count))
    out.push('_The baseline is not comparable or not trusted: the flips below are shown for information, not judged._', '');
  if (b.newly_failing.length) out.push(`**Newly failing (${b.newly_failing_count})**`, '', ...idLines(b.newly_failing, b.newly_failing_count, reasons), '');
  if (b.acknowledged_failing.length) {
    out.push(
      `**Failing by an acknowledged breaking prompt change** (${b.acknowledged_failing_count}, not counted as regressions)`,
      '',
      ...b.acknowledged_failing.slice(0, ID_LIST_CAP).map((a) => `- ${codeSpan(a.id)} (${md(a.change)})`),
      ...(b.acknowledged_failing_count > ID_LIST_CAP ? [`- … and ${b.acknowledged_failing_count - ID_LIST_CAP} more — ${MORE}`] : []),
      '',
    );
  }
  if (b.removed.length) out.push(`**Removed since baseline (${b.removed_count})**`, '', ...idLines(b.removed, b.removed_count), '');
  const nowFailing = b.changed.filter((c) => c.after !== 'passed');
  if (b.changed.length) {
    const failingNow = new Map(nowFailing.map((c) => [c.id, `— failing now${reasons.get(c.id) ? ` ${reasons.get(c.id)}` : ''}`]));
    out.push(
      `**Changed since baseline (${b.changed_count})** (content edited; a flip here is the case's doing as much as the prompt's, so it is not counted as a regression)`,
      '',
      ...idLines(
        b.changed.map((c) => c.id),
        b.changed_count,
        failingNow,
      ),
      '',
    );
  }
  if (b.newly_passing.length) out.push(`**Newly passing (${b.newly_passing_count})**`, '', ...idLines(b.newly_passing, b.newly_passing_count), '');
  if (b.added_ids.length) out.push(`**New since baseline (${b.added})**`, '', ...idLines(b.added_ids, b.added), '');
  return out;
}

/** Inline, for a note: a few ids, then a count. */
function idList(ids: string[], total: number): string {
  const shown = ids
    .slice(0, ID_LIST_CAP)
    .map((id) => codeSpan(id))
    .join(', ');
  return total > ID_LIST_CAP ? `${shown} … and ${total - ID_LIST_CAP} more — ${MORE}` : shown;
}

/** A list: one id a line, with what is known of it, capped. */
export function idLines(ids: string[], total: number, notes: ReadonlyMap<string, string> = new Map()): string[] {
  const lines = ids.slice(0, ID_LIST_CAP).map((id) => `- ${codeSpan(id)}${notes.get(id) ? ` ${notes.get(id)}` : ''}`);
  if (total > lines.length) lines.push(`- … and ${total - lines.length} more — ${MORE}`);
  return lines;
}
