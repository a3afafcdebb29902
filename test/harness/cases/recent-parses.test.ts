/**
 * A process that loads the same case files again (an API caller's loop, a
 * test file's runs, the suite copied to another folder) parses each file once,
 * but what it gets must be what a fresh parse gives: the items and warnings
 * name the file as it lies now, and a change to the prompts a file is checked
 * against is a new parse.
 */
import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterateSuite, loadCaseSuite, type SuiteItem } from '../../../src/harness/cases/case-suite.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { displayPath } from '../../../src/harness/base/display-path.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { withAgent } from '../../support/agent-scenarios.js';
import { idleGoalScenario } from '../../support/idle-goal-scenario.js';

const WARNED = idleGoalScenario('recent-warned');

async function load(root: string) {
  const ws = await loadWorkspace({ config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts') });
  const suite = await loadCaseSuite(join(root, 'cases'), ws.active, { modules: ['pipeline', 'intent_recognition'] }, withAgent);
  const items: SuiteItem[] = [];
  for await (const item of iterateSuite(suite, ws.active)) items.push(item);
  return { suite, items, byId: new Map(items.map((i) => [i.kind === 'module' ? i.case_id : i.scenario_id, i])) };
}

function project(): string {
  const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
  mkdirSync(join(root, 'cases/pipeline'), { recursive: true });
  writeFileSync(join(root, 'cases/pipeline/zz-warned.yaml'), WARNED);
  return root;
}

describe('case files parsed again in one process', () => {
  it('the same files in another folder: every item and warning names the file where it lies now', async () => {
    const first = await load(project());
    const secondRoot = project();
    const second = await load(secondRoot);
    expect(second.items.length).toBe(first.items.length);
    for (const item of second.items) expect(item.file.startsWith(displayPath(secondRoot)), item.file).toBe(true);
    const warned = second.suite.warnings.filter((w) => w.message.includes('measures nothing'));
    expect(warned.map((w) => `${w.file}:${w.line}`)).toEqual([`${displayPath(join(secondRoot, 'cases/pipeline/zz-warned.yaml'))}:13`]);
    // Parsed once: the second folder's items carry the first parse's content.
    const id = 'recent-warned';
    expect(second.byId.get(id)).not.toBe(first.byId.get(id));
    expect((second.byId.get(id) as { turn?: unknown }).turn).toBe((first.byId.get(id) as { turn?: unknown }).turn);
  });

  it('the same folder again gives the same items; a changed prompt parses its cases again', async () => {
    const root = project();
    const a = await load(root);
    const b = await load(root);
    const caseId = [...a.byId.keys()].find((k) => a.byId.get(k)!.kind === 'module')!;
    expect(b.byId.get(caseId)).toBe(a.byId.get(caseId));
    // A changed prompt may accept or refuse what it accepted before: its cases are checked against it afresh.
    for (const f of readdirSync(join(root, 'prompts')).filter((f) => f.startsWith('intent_'))) appendFileSync(join(root, 'prompts', f), '\n<!-- edited -->\n');
    const c = await load(root);
    expect(c.byId.get(caseId)).not.toBe(a.byId.get(caseId));
    expect(c.byId.get(caseId)).toEqual(a.byId.get(caseId));
  });
});
