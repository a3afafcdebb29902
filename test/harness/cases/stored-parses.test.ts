/**
 * A suite run again unchanged is read back from the parse cache on disk, not
 * parsed: what comes back must be what a fresh parse gives (items, hashes,
 * warnings), and a change to a file's bytes or to the prompts it is checked
 * against must parse it again.
 */
import { appendFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { iterateSuite, loadCaseSuite, type SuiteItem } from '../../../src/harness/cases/case-suite.js';
import { recentParses } from '../../../src/harness/cases/recent-parses.js';
import { readStoredParse } from '../../../src/harness/cases/stored-parses.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { parseCacheEntry, pruneParseCache, useParseCache } from '../../../src/harness/base/parse-cache.js';
import { displayPath } from '../../../src/harness/base/display-path.js';
import { copyOfRepo, tempDir } from '../../support/temp-dir.js';
import { withAgent } from '../../support/agent-scenarios.js';
import { agent } from '../../../src/harness/agent-registration.js';

const FILE = 'cases/intent_recognition/stored.yaml';
/** Two cases, one with an enum value the prompt may stop accepting. */
const CASES = `test_cases:
  - case_id: stored-1
    case_type: normal
    input: { user_query: 订单 O1 什么时候发货 }
    expected_behavior:
      expected_enum_values: { intent: logistics_query }
  - case_id: stored-2
    case_type: boundary
    input: { user_query: 我要退款 }
    expected_behavior:
      expected_enum_values: { intent: refund_request }
`;

async function load(root: string) {
  // Another run in a fresh process: nothing kept in memory.
  recentParses.clear();
  const ws = await loadWorkspace({ config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts') });
  const suite = await loadCaseSuite(join(root, 'cases'), ws.active, { modules: ['intent_recognition'] }, withAgent);
  const items: SuiteItem[] = [];
  for await (const item of iterateSuite(suite, ws.active)) items.push(item);
  return { ws, suite, items };
}

function project(): string {
  const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
  writeFileSync(join(root, FILE), CASES);
  return root;
}

const intentPrompts = (root: string) => readdirSync(join(root, 'prompts')).filter((f) => f.startsWith('intent_'));

describe('case files read back from the parse cache on disk', () => {
  let cacheDir: string;
  beforeEach(() => {
    cacheDir = tempDir();
    useParseCache(cacheDir);
  });
  afterEach(() => {
    useParseCache(undefined);
    recentParses.clear();
  });

  it('a second run gets the same items, hashes and problems as the first', async () => {
    const root = project();
    const first = await load(root);
    const second = await load(root);
    expect(second.items.length).toBeGreaterThan(2);
    expect(second.items).toEqual(first.items);
    expect([...second.suite.hashes]).toEqual([...first.suite.hashes]);
    expect(second.suite.warnings).toEqual(first.suite.warnings);
  });

  it('reads what is stored for the file, its bytes and its prompts, and nothing stored for others', async () => {
    const root = project();
    const { ws, suite } = await load(root);
    const shown = displayPath(join(root, FILE));
    const file = suite.files.find((f) => f.shown === shown)!;
    const key = {
      shown,
      digest: file.digest,
      module: 'intent_recognition',
      prompts: `${ws.active.get('intent_recognition')!.sha256}|${agent.contracts.tools.join(',')}`,
    };
    expect(readStoredParse(key, [])?.map((i) => (i as { case_id: string }).case_id)).toEqual(['stored-1', 'stored-2']);
    // Planted under the same key: a run must hand it out as it is, without parsing the file.
    const planted = { ...(readStoredParse(key, []) as SuiteItem[])[0]!, description: 'planted' };
    parseCacheEntry('cases', [key.shown])!.write({ ...key, items: [planted], problems: [], hashes: ['0123456789abcdef'] });
    const read = await load(root);
    expect(read.items.filter((i) => i.file === shown).map((i) => (i as { description?: string }).description)).toEqual(['planted']);
    expect(read.suite.hashes.get('stored-1')).toBe('0123456789abcdef');

    // A changed prompt may refuse what it accepted: the file is checked against it afresh.
    for (const f of intentPrompts(root)) appendFileSync(join(root, 'prompts', f), '\n<!-- edited -->\n');
    const afterPrompt = await load(root);
    expect(afterPrompt.items.filter((i) => i.file === shown).map((i) => (i as { case_id: string }).case_id)).toEqual(['stored-1', 'stored-2']);
    expect(afterPrompt.suite.hashes.get('stored-1')).not.toBe('0123456789abcdef');
  });

  it('a changed case file is parsed again, and its new problems are reported', async () => {
    const root = project();
    await load(root);
    writeFileSync(join(root, FILE), CASES.replace('logistics_query', 'no_such_intent'));
    await expect(load(root)).rejects.toThrow(/no_such_intent/);
  });

  it('keeps one entry per file, and the entries of all files within a size, the oldest written removed first', async () => {
    const root = project();
    await load(root);
    const entries = () => readdirSync(join(cacheDir, readdirSync(cacheDir)[0]!)).filter((f) => f.startsWith('cases-'));
    const files = entries().length;
    expect(files).toBeGreaterThan(1);
    writeFileSync(join(root, FILE), CASES.replace('我要退款', '我要退款，马上'));
    await load(root);
    expect(entries()).toHaveLength(files);
    const stat = (f: string) => statSync(join(cacheDir, readdirSync(cacheDir)[0]!, f));
    const newest = entries().sort((a, b) => stat(b).mtimeMs - stat(a).mtimeMs)[0]!;
    // Room for the entry written last only: every older one goes.
    pruneParseCache('cases', stat(newest).size);
    expect(entries()).toEqual([newest]);
    pruneParseCache('cases', 0);
    expect(entries()).toEqual([]);
  });
});
