// Runs `orderflow eval` in this process (the compiled CLI) and reports its peak RSS,
// so each bench point is measured in a fresh process of its own.
const { main } = await import(new URL('../dist/harness/cli/main.js', import.meta.url).href);
const silent = { out: () => {}, err: () => {} };
const started = performance.now();
const code = await main(['node', 'orderflow', ...process.argv.slice(2)], silent);
const wall_ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ code, wall_ms, max_rss_mb: process.resourceUsage().maxRSS / 1024 })}\n`);
