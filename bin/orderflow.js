#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ during `npm ci` / `npm install`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('orderflow: dist/ is missing; run `npm install` (or `npm run build`) first\n');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
