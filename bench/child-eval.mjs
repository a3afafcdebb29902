// Runs `orderflow eval` in this process (the compiled CLI) and reports its peak RSS,
// so each bench point is measured in a fresh process of its own. Like the launcher
// (bin/orderflow.js) it keeps parsed prompts and case files in the parse cache, unless
// ORDERFLOW_PARSE_CACHE=off; BENCH_PARSE_CACHE names another folder for it.
import { fileURLToPath } from 'node:url';

const { main } = await import(new URL('../dist/cli/main.js', import.meta.url).href);
const parseCache =
  process.env.ORDERFLOW_PARSE_CACHE === 'off'
    ? undefined
    : (process.env.BENCH_PARSE_CACHE ?? fileURLToPath(new URL('../node_modules/.cache/orderflow', import.meta.url)));
const silent = { out: () => {}, err: () => {} };
const started = performance.now();
const code = await main(['node', 'orderflow', ...process.argv.slice(2)], silent, { parseCache });
const wall_ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ code, wall_ms, max_rss_mb: process.resourceUsage().maxRSS / 1024 })}\n`);
