/** The table `orderflow eval --dry-run` prints. */
import type CliTable from 'cli-table3';
import pc from 'picocolors';
import { lazyPackage } from '../base/lazy-package.js';
import type { RunEstimate } from '../evaluate/estimate-run.js';

const cliTable = lazyPackage<typeof CliTable>('cli-table3');

export function renderEstimate(e: RunEstimate): string {
  const Table = cliTable();
  const table = new Table({
    head: ['module', 'calls', 'cached', 'input tokens ≈', 'output tokens ≈', 'cost USD ≈'],
    style: pc.isColorSupported ? {} : { head: [], border: [] },
    colAligns: ['left', 'right', 'right', 'right', 'right', 'right'],
  });
  const usd = (v: number | null) => (v === null ? 'unknown' : v.toFixed(4));
  for (const [module, m] of Object.entries(e.by_module))
    table.push([module, m.calls, m.cached, m.input_tokens.toLocaleString('en'), m.output_tokens.toLocaleString('en'), usd(m.cost_usd)]);
  const t = e.total;
  table.push(['total', t.calls, t.cached, t.input_tokens.toLocaleString('en'), t.output_tokens.toLocaleString('en'), usd(t.cost_usd)]);
  const all = t.calls + t.cached;
  return [
    `dry run: ${e.provider} ${e.model}, ${e.cases} module cases and ${e.scenarios} pipeline scenarios${e.repeat > 1 ? ` (×${e.repeat} trials)` : ''}; no model was called`,
    table.toString(),
    `${all} model calls: ${t.calls} to make, ${t.cached} already in the cache (cache ${e.cache_mode}${e.cache_mode === 'off' ? ': not read' : ''})`,
    ...(e.auto ? [autoLine(e.auto)] : []),
    ...(e.already_done > 0 ? [`${e.already_done} result(s) already on disk: the resumed run keeps them, and they are not counted above`] : []),
    e.price
      ? `price: ${e.price.input_per_mtok} / ${e.price.output_per_mtok} USD per million input / output tokens; tokens estimated (≈1 per Chinese character, ≈1 per 4 other characters; output from the reference model's answers)`
      : `cost unknown: model "${e.model}" has no price in the config's prices`,
    ...cachedInputLine(e),
  ].join('\n');
}

/** The prompt-cache share of the estimate, and at what rate it was priced. */
function cachedInputLine(e: RunEstimate): string[] {
  const tokens = e.total.cached_input_tokens;
  if (tokens === 0 || !e.price || e.provider.startsWith('sim')) return [];
  const rate =
    e.price.cached_input_per_mtok !== undefined
      ? `priced at the cached rate ${e.price.cached_input_per_mtok} USD per million`
      : `priced at the full input rate: no cached_input_per_mtok for "${e.model}" in prices, so the cost above is an upper bound`;
  return [
    `cached input ≈ ${tokens.toLocaleString('en')} tokens (each module's system prompt after its first call, if the server caches prompt prefixes), ${rate}`,
  ];
}

/** --repeat auto: the table is one pass; the re-runs are known only as they happen. */
function autoLine(a: NonNullable<RunEstimate['auto']>): string {
  return (
    `repeat auto (cap ${a.cap}): an estimate — the table is one pass (${a.minimum_calls} calls, the least the run makes); ` +
    `the cases in doubt run again: about ${a.expected_calls} calls in all (${a.flaky_in_baseline} case(s) flaky in the baseline get about one more trial each; flips from the baseline cannot be foreseen), at most ${a.maximum_calls} (every case ${a.cap} times)`
  );
}
