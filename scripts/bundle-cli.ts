/**
 * The CLI as the launcher runs it: dist/harness/cli/main.js (what tsc wrote)
 * and everything it imports, orderflow's modules and its dependencies alike,
 * bundled into dist/cli/. Node 20 resolves, opens and links each ES module
 * on its own: some 380 of them cost a 10,000-case eval about 0.08 s and every
 * command's start the same. Code that only some commands need (the openai
 * client, the viewer, the agent's pipeline) stays in chunks loaded when asked
 * for. The programmatic API (dist/index.js) is not bundled.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const OUT = 'dist/cli';

rmSync(OUT, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: ['dist/harness/cli/main.js'],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies published as CommonJS call require() for Node's own modules; an ES module has none of its own.
  banner: { js: "import { createRequire as __orderflowRequire } from 'node:module'; const require = __orderflowRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});
// Which modules each file of the bundle holds: a test that traces the files a command loads maps them back to these.
const modules = Object.fromEntries(Object.entries(metafile.outputs).map(([file, { inputs }]) => [file, Object.keys(inputs)]));
writeFileSync(join(OUT, 'modules.json'), JSON.stringify(modules));
