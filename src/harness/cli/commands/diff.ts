import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { diffReports, loadReport, writeDiffHtml } from '../../report/diff-reports.js';
import type { BaselineDiff } from '../../report/baseline.js';
import { loadConfig } from '../../config/config.js';
import { InputError } from '../../base/errors.js';
import { diffPrompts, type PromptDiff } from '../../registry/prompt-diff.js';
import { parsePromptFile } from '../../registry/prompt-file.js';
import { displayPath } from '../../base/display-path.js';
import { findPrompt, loadRegistry } from '../../registry/registry.js';
import { readUtf8File } from '../../base/text-file.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';
import { renderPromptDiff } from '../render-prompt-diff.js';
import { agent } from '../../agent-registration.js';

export interface DiffOptions {
  config?: string;
  prompts?: string;
  json?: boolean;
  failOnBreaking?: boolean;
  /** Two reports: also write the side-by-side page (true: diff.html next to <b>'s report.json). */
  html?: string | boolean;
}

async function armNotes(paths: string[]): Promise<string[]> {
  const notes: string[] = [];
  for (const path of paths) {
    const arms = (await loadReport(path)).arms;
    if (arms)
      notes.push(
        `${displayPath(path)}: a run with arms (${arms.arms.map((a) => a.name).join(', ')}): compared as its gated arm ${arms.designated}; each arm's own report is under ${displayPath(join(dirname(path), 'arms'))}/`,
      );
  }
  return notes;
}

export async function diffCommand(a: string, b: string, options: DiffOptions, output: Output): Promise<number> {
  const reportA = reportPath(a);
  const reportB = reportPath(b);
  if (reportA && reportB) {
    const diff = await diffReports(reportA, reportB);
    output.out(options.json ? JSON.stringify(diff, null, 2) : renderReportDiff(diff, b));
    // A run with arms: its report is the gated arm's; say so, and where the others are.
    if (!options.json) for (const line of await armNotes([reportA, reportB])) output.out(line);
    if (options.html) {
      const page = await writeDiffHtml(reportA, reportB, typeof options.html === 'string' ? resolve(options.html) : join(dirname(reportB), 'diff.html'));
      output[options.json ? 'err' : 'out'](`side by side: ${page}`);
    }
    return options.failOnBreaking && diff.newly_failing_count > 0 ? EXIT_FAILED : EXIT_OK;
  }
  if (options.html)
    throw new InputError({ file: '--html', message: 'compares two reports only', expected: 'two report.json files or report folders', severity: 'error' });
  if (reportA || reportB) {
    throw new InputError({
      file: reportA ? b : a,
      message: `is not a report (${reportA ? a : b} is one)`,
      expected: 'two report.json files or report folders, or two prompt versions',
      severity: 'error',
    });
  }
  const { config } = await loadConfig(options.config);
  const { registry, problems } = await loadRegistry(resolve(options.prompts ?? config.paths.prompts), { contracts: agent.contracts });
  const pick = async (ref: string) => {
    // A path to a prompt file is that file, wherever it is (an edited copy, say), not the registry's file of that name.
    if (ref.endsWith('.md') && existsSync(ref) && statSync(ref).isFile()) {
      const shown = displayPath(resolve(ref));
      const decoded = await readUtf8File(resolve(ref), shown);
      if (decoded.problem) throw new InputError(decoded.problem);
      const parsed = parsePromptFile(shown, decoded.text, agent.contracts);
      const errors = parsed.problems.filter((p) => p.severity === 'error');
      if (errors.length || !parsed.prompt) throw new InputError(errors.length ? errors : [{ file: shown, message: 'not a prompt file', severity: 'error' }]);
      return parsed.prompt;
    }
    const prompt = findPrompt(registry, ref);
    if (prompt) return prompt;
    const broken = problems.filter((p) => p.severity === 'error' && p.file.endsWith(`${ref.replace(/\.md$/, '')}.md`));
    if (broken.length) throw new InputError(broken);
    throw new InputError({
      file: ref,
      message: 'no such prompt',
      expected: `one of ${registry.prompts.map((p) => p.metadata.name).join(', ')}`,
      severity: 'error',
    });
  };
  const diff: PromptDiff = diffPrompts(await pick(a), await pick(b), agent.contracts.riskLevels);
  output.out(options.json ? JSON.stringify(diff, null, 2) : renderPromptDiff(diff));
  return options.failOnBreaking && diff.breaking ? EXIT_FAILED : EXIT_OK;
}

/** A report.json, or a report folder holding one; undefined for prompt references. */
function reportPath(ref: string): string | undefined {
  if (ref.endsWith('.json') && existsSync(ref)) return resolve(ref);
  if (existsSync(ref) && statSync(ref).isDirectory() && existsSync(join(ref, 'report.json'))) return resolve(ref, 'report.json');
  return undefined;
}

function renderReportDiff(diff: BaselineDiff, after: string): string {
  const lines = [`${diff.path} → ${after}`, ''];
  for (const [id, m] of Object.entries(diff.metrics)) {
    if (m.before === m.after) continue;
    lines.push(`  ${id}: ${m.before ?? '–'} → ${m.after ?? '–'}${m.delta !== null ? ` (${m.delta > 0 ? '+' : ''}${m.delta})` : ''}`);
  }
  lines.push(
    '',
    `${diff.newly_failing_count} newly failing, ${diff.newly_passing_count} newly passing, ${diff.removed_count} removed, ${diff.changed_count} changed, ${diff.added} new`,
  );
  lines.push(
    ...idLines('newly failing', diff.newly_failing, diff.newly_failing_count),
    ...idLines('newly passing', diff.newly_passing, diff.newly_passing_count),
  );
  lines.push(
    ...idLines('removed', diff.removed, diff.removed_count),
    ...idLines(
      'changed (content edited)',
      diff.changed.map((c) => `${c.id} ${c.before} → ${c.after}`),
      diff.changed_count,
    ),
  );
  return lines.join('\n');
}

/** One id a line, capped: a terminal shows what to act on, --json and --html the rest. */
const TERMINAL_ID_CAP = 40;

function idLines(title: string, ids: string[], total: number): string[] {
  if (!ids.length) return [];
  const lines = ['', `${title}:`, ...ids.slice(0, TERMINAL_ID_CAP).map((id) => `  ${id}`)];
  if (total > TERMINAL_ID_CAP) lines.push(`  … and ${total - TERMINAL_ID_CAP} more — see --json or --html`);
  return lines;
}
