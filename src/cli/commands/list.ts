import Table from 'cli-table3';
import pc from 'picocolors';
import { loadWorkspace, type WorkspaceOptions } from '../../workspace.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export interface ListOptions extends WorkspaceOptions {
  json?: boolean;
}

export interface ListedModule {
  module: string;
  active: string;
  versions: { name: string; version: string; path: string; sha256: string; active: boolean }[];
  risk_level: string;
  output_mode: string;
  cases: Record<string, number>;
}

export async function listCommand(options: ListOptions, output: Output, countCases?: (module: string) => Promise<Record<string, number>>): Promise<number> {
  const ws = await loadWorkspace(options);
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
      cases: (await countCases?.(module)) ?? {},
    });
  }
  if (options.json) {
    output.out(JSON.stringify({ modules }, null, 2));
    return EXIT_OK;
  }
  const table = new Table({
    head: ['module', 'versions (* active)', 'risk', 'output', 'cases'],
    style: pc.isColorSupported ? {} : { head: [], border: [] },
  });
  for (const m of modules) {
    const versions = m.versions.map((v) => `${v.active ? '*' : ' '}${v.name} (${v.version})`).join('\n');
    const total = Object.values(m.cases).reduce((a, b) => a + b, 0);
    const cases = total ? `${total}: ${Object.entries(m.cases).map(([t, n]) => `${t} ${n}`).join(', ')}` : '-';
    table.push([m.module, versions, m.risk_level, m.output_mode, cases]);
  }
  output.out(table.toString());
  output.out(`${modules.length} modules, ${ws.registry.prompts.length} prompt files`);
  return EXIT_OK;
}
