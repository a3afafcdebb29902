import { resolve } from 'node:path';
import { agent } from '../../agent-registration.js';
import { CASE_TYPES } from '../../cases/case-types.js';
import { countCases } from '../../cases/count-cases.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { analyzeDialect, SCHEMA_DIALECTS, strictBlockers, type SchemaDialect } from '../../registry/schema-dialects.js';
import type { SchemaNode } from '../../registry/schema-tree.js';
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
  if (unreadable.length)
    output.err(`cases not counted in ${unreadable.length} file(s) that do not parse (${unreadable.slice(0, 3).join(', ')}); run orderflow eval to see why`);
  return counts;
}

const TYPE_ABBREVIATIONS: Record<(typeof CASE_TYPES)[number], string> = {
  normal: 'nor',
  boundary: 'bnd',
  adversarial: 'adv',
  regression: 'reg',
  safety: 'saf',
  schema: 'sch',
};

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
  /** The providers that can answer the module: sim only for the modules it implements. */
  runs_on: string[];
  /** Per output dialect, the constraints of the active Output Schema it cannot enforce. */
  schema_enforcement: Record<SchemaDialect, { unenforced: string[]; strict_blockers?: string[] }> | null;
}

export async function listCommand(options: ListOptions, output: Output): Promise<number> {
  const ws = await loadWorkspace(options, { validators: false });
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
      runs_on: agent.offlineModules.includes(module) ? ['sim', 'sim:gullible', 'sim:adversary', 'openai'] : ['sim:adversary', 'openai'],
      schema_enforcement: active.outputSchema ? enforcementOf(active.outputSchema.tree) : null,
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
  // Only modules with cases: their results would read as skipped on the default provider.
  const ownModules = modules.filter((m) => !m.runs_on.includes('sim') && Object.keys(m.cases).length > 0).map((m) => m.module);
  if (ownModules.length > 0) output.out(`skipped on sim, run with --provider openai: ${ownModules.join(', ')}`);
  output.out(`case types: ${CASE_TYPES.map((t) => `${TYPE_ABBREVIATIONS[t]} ${t}`).join(', ')}`);
  output.out(enforcementTable(ws.active));
  const scenarios = counts.pipeline ? Object.values(counts.pipeline).reduce((a, b) => a + b, 0) : 0;
  output.out(`${modules.length} modules, ${ws.registry.prompts.length} prompt files, ${scenarios} pipeline scenarios`);
  return EXIT_OK;
}

function enforcementOf(tree: SchemaNode): ListedModule['schema_enforcement'] {
  const blockers = strictBlockers(tree).map((b) => `${b.path}: ${b.reason}`);
  const entry = (d: SchemaDialect) => ({
    unenforced: analyzeDialect(tree, d).unenforced.map((c) => c.text),
    ...(d === 'openai_strict' ? { strict_blockers: blockers } : {}),
  });
  return Object.fromEntries(SCHEMA_DIALECTS.map((d) => [d, entry(d)])) as ListedModule['schema_enforcement'];
}

/**
 * What each output dialect leaves unenforced in the active Output Schemas, one
 * short line per module (README: "What an endpoint enforces"; --json has every
 * constraint). json_object enforces none of them, so it needs no column.
 */
function enforcementTable(active: Map<string, PromptFile>): string {
  const rows: string[][] = [['output schema not enforced by', 'OpenAI strict', 'llama.cpp grammar']];
  for (const [module, prompt] of active) {
    const tree = prompt.outputSchema?.tree;
    if (!tree) continue;
    const blockers = strictBlockers(tree);
    const strict = blockers.length ? `all: strict off (${blockers.map((b) => b.path.split('.').pop()).join(', ')})` : 'nothing';
    const paths = [...new Set(analyzeDialect(tree, 'llama_cpp_grammar').unenforced.map((c) => c.path))];
    rows.push([module, strict, paths.length ? paths.map((p) => `${p} bounds`).join(', ') : 'nothing']);
  }
  return `${alignColumns(rows)}\njson_object: no constraint of any schema is enforced (on llama.cpp not even JSON)`;
}
