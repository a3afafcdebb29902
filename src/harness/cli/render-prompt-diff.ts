import pc from 'picocolors';
import { changedLineGroups, type ChangedLine } from '../registry/prompt-diff-lines.js';
import type { PromptDiff } from '../registry/prompt-diff.js';
import type { SchemaChange } from '../registry/schema-diff.js';

export function renderPromptDiff(diff: PromptDiff): string {
  const lines: string[] = [];
  lines.push(pc.bold(`${diff.before.name} (${diff.before.version}) → ${diff.after.name} (${diff.after.version})`));
  const breaking = [...diff.schema, ...diff.structured].filter((c) => c.severity === 'breaking').length;
  lines.push(breaking ? pc.red(`${breaking} breaking change(s)`) : pc.green('no breaking changes'));

  const changes = (title: string, list: SchemaChange[]) => {
    lines.push('', pc.bold(title));
    if (list.length === 0) lines.push('  (unchanged)');
    for (const c of list) {
      const tag = c.severity === 'breaking' ? pc.red('BREAKING  ') : pc.green('compatible');
      lines.push(`  ${tag} ${c.path}: ${c.message}`);
    }
  };
  changes('Schema', diff.schema);
  changes('Structured sections (parsed)', diff.structured);

  lines.push('', pc.bold('Changed lines'));
  const groups = changedLineGroups(diff);
  if (groups.length === 0) lines.push('  (unchanged)');
  for (const g of groups) lines.push(`  ## ${g.title}`, ...g.lines.map((l) => `  ${colour(l)}`));
  if (diff.text_scope === 'prose')
    lines.push(pc.yellow('  (one side is a stored snapshot that kept only the prose sections: the text of structured sections and examples is not compared)'));
  return lines.join('\n');
}

function colour(l: ChangedLine): string {
  const text = `${l.sign} ${l.text}`;
  return l.sign === '-' ? pc.red(text) : l.sign === '+' ? pc.green(text) : text;
}
