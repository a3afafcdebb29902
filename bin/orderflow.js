#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ during `npm ci` / `npm install`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('orderflow: dist/ is missing; run `npm install` (or `npm run build`) first\n');
  process.exit(2);
}
const { main } = await import(entry.href);
// Parsed prompts and config kept by content (dist/harness/base/parse-cache.js): lint and list start without loading their parsers.
const parseCache = process.env.ORDERFLOW_PARSE_CACHE === 'off' ? undefined : fileURLToPath(new URL('../node_modules/.cache/orderflow', import.meta.url));
process.exitCode = await main(process.argv, undefined, { parseCache });
