import pc from 'picocolors';
import type { PromptDiff } from '../registry/prompt-diff.js';
import type { SchemaChange } from '../registry/schema-diff.js';

export function renderPromptDiff(diff: PromptDiff): string {
  const lines: string[] = [];
  lines.push(pc.bold(`${diff.before.name} (${diff.before.version}) → ${diff.after.name} (${diff.after.version})`));
  const breaking = [...diff.schema, ...diff.structured].filter((c) => c.severity === 'breaking').length;
  lines.push(breaking ? pc.red(`${breaking} breaking change(s)`) : pc.green('no breaking changes'));

  lines.push('', pc.bold('Metadata'));
  if (diff.metadata.length === 0) lines.push('  (unchanged)');
  for (const m of diff.metadata) lines.push(`  ${m.key}: ${JSON.stringify(m.before)} → ${JSON.stringify(m.after)}`);

  const changes = (title: string, list: SchemaChange[]) => {
    lines.push('', pc.bold(title));
    if (list.length === 0) lines.push('  (unchanged)');
    for (const c of list) {
      const tag = c.severity === 'breaking' ? pc.red('BREAKING  ') : pc.green('compatible');
      lines.push(`  ${tag} ${c.path}: ${c.message}`);
    }
  };
  changes('Schema', diff.schema);
  changes('Structured sections', diff.structured);

  lines.push('', pc.bold('Rules and prose'));
  if (diff.text.length === 0) lines.push('  (unchanged)');
  for (const t of diff.text) {
    lines.push(`  ## ${t.section}`);
    for (const r of t.removed) lines.push(pc.red(`  - ${r}`));
    for (const a of t.added) lines.push(pc.green(`  + ${a}`));
  }
  return lines.join('\n');
}
