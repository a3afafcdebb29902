/** The prompt changes since the baseline, at the top of `orderflow eval`'s summary: the same lines report.md shows, fewer of them. */
import pc from 'picocolors';
import { cappedLineGroups, changedLineGroups } from '../registry/prompt-diff-lines.js';
import { readsPromptText } from '../providers/reads-prompt-text.js';
import type { PromptChange } from '../report/prompt-review.js';

/** Changed lines per module a terminal shows; report.html has them all. */
const TERMINAL_LINE_CAP = 30;

export function renderPromptChanges(changes: PromptChange[] | null, reportDir: string, provider: string): string[] {
  if (!changes?.length) return [];
  const out = [pc.bold(`prompt changes since the baseline (${changes.length})`)];
  for (const p of changes) {
    const status = p.unacknowledged.length
      ? pc.red(`${p.unacknowledged.length} breaking change(s) NOT acknowledged`)
      : p.breaking_count
        ? pc.yellow(`${p.breaking_count} acknowledged breaking change(s)`)
        : 'no breaking change';
    out.push(
      `  ${p.module}: ${p.before ? `${p.before.name} ${p.before.version}` : '(none)'} → ${p.after ? `${p.after.name} ${p.after.version}` : '(removed)'} · ${status}`,
    );
    if (!p.diff) continue;
    const unread = p.unread_text ?? [];
    if (unread.length && !readsPromptText(provider)) {
      out.push(
        pc.yellow(
          `    text changed, not evaluated by ${provider}: ${unread.reduce((n, t) => n + t.added.length + t.removed.length, 0)} line(s) in ${unread.map((t) => t.section).join(', ')} (marked ! below)`,
        ),
      );
    }
    const open = new Set(p.unacknowledged.map((c) => c.message));
    for (const c of [...p.diff.schema, ...p.diff.structured]) {
      out.push(
        `    ${c.severity === 'breaking' ? (open.has(c.message) ? pc.red('BREAKING') : pc.yellow('breaking (acknowledged)')) : 'compatible'} ${c.path}: ${c.message}`,
      );
    }
    const { groups, left_out } = cappedLineGroups(changedLineGroups(p.diff), TERMINAL_LINE_CAP);
    for (const g of groups) {
      const mark = !readsPromptText(provider) && unread.some((t) => t.section === g.title) ? pc.yellow('!') : ' ';
      out.push(
        `    ## ${g.title}`,
        ...g.lines.map((l) => `    ${mark} ${l.sign === '-' ? pc.red(`- ${l.text}`) : l.sign === '+' ? pc.green(`+ ${l.text}`) : `~ ${l.text}`}`),
      );
    }
    if (left_out) out.push(`    … and ${left_out} more changed line(s): the whole diff is in ${reportDir}/report.html`);
  }
  return [...out, ''];
}
