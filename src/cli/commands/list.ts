import { resolve } from 'node:path';
import { CASE_TYPES } from '../../cases/case-schema.js';
import { countCases } from '../../cases/count-cases.js';
import { loadWorkspace, type WorkspaceOptions } from '../../workspace.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export interface ListOptions extends WorkspaceOptions {
  json?: boolean;
  cases?: string;
}

/** Cases per module and type, counted without validation; a file that cannot be read is reported, not fatal. */
async function caseCounts(dir: string, output: Output): Promise<Record<string, Record<string, number>>> {
  const { counts, unreadable } = await countCases(dir);
  if (unreadable.length) output.err(`cases not counted in ${unreadable.length} file(s) that do not parse (${unreadable.slice(0, 3).join(', ')}); run orderflow eval to see why`);
  return counts;
}

const TYPE_ABBREVIATIONS: Record<(typeof CASE_TYPES)[number], string> = { normal: 'nor', boundary: 'bnd', adversarial: 'adv', regression: 'reg', safety: 'saf', schema: 'sch' };

/** Text columns left-aligned, counts right-aligned, two spaces apart. */
function alignColumns(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  // A version line is allowed to run into the empty figure columns next to it.
  widths[0] = Math.max(...rows.filter((r) => r[1] !== '').map((r) => r[0]!.length));
  return rows
    .map((r) => (r[1] === '' ? r[0]! : r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).trimEnd())
    .join('\n');
}

export interface ListedModule {
  module: string;
  active: string;
  versions: { name: string; version: string; path: string; sha256: string; active: boolean }[];
  risk_level: string;
  output_mode: string;
  cases: Record<string, number>;
}

export async function listCommand(options: ListOptions, output: Output): Promise<number> {
  const ws = await loadWorkspace(options);
  const counts = await caseCounts(resolve(options.cases ?? ws.config.paths.cases), output);
  const modules: ListedModule[] = [];
  for (const [module, entry] of ws.registry.modules) {
    const active = ws.active.get(module)!;
    modules.push({
      module,
      active: active.metadata.name,
      versions: entry.versions.map((p) => ({
        name: p.metadata.name,
        version: p.metadata.version,
        path: p.path,
        sha256: p.sha256,
        active: p === active,
      })),
      risk_level: active.metadata.risk_level,
      output_mode: active.metadata.output_mode,
      cases: counts[module] ?? {},
    });
  }
  if (options.json) {
    output.out(JSON.stringify({ modules }, null, 2));
    return EXIT_OK;
  }
  // The module on one line with its figures, its versions under it: fits a 100-column terminal.
  const rows: string[][] = [['module / versions (* active)', 'risk', 'output', 'cases', ...CASE_TYPES.map((t) => TYPE_ABBREVIATIONS[t])]];
  for (const m of modules) {
    const total = Object.values(m.cases).reduce((a, b) => a + b, 0);
    rows.push([m.module, m.risk_level, m.output_mode, String(total || '-'), ...CASE_TYPES.map((t) => String(m.cases[t] ?? '-'))]);
    for (const v of m.versions) rows.push([`  ${v.active ? '*' : ' '}${v.name} ${v.version}`, '', '', '', ...CASE_TYPES.map(() => '')]);
  }
  output.out(alignColumns(rows));
  output.out(`case types: ${CASE_TYPES.map((t) => `${TYPE_ABBREVIATIONS[t]} ${t}`).join(', ')}`);
  const scenarios = counts.pipeline ? Object.values(counts.pipeline).reduce((a, b) => a + b, 0) : 0;
  output.out(`${modules.length} modules, ${ws.registry.prompts.length} prompt files, ${scenarios} pipeline scenarios`);
  return EXIT_OK;
}
