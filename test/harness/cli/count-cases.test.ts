/**
 * `orderflow list` counts cases without validating or parsing the suite with
 * positions: a line scan for block-style files, a plain parse for anything the
 * scan cannot vouch for. Its counts must equal what eval loads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import { countCases } from '../../../src/harness/cases/count-cases.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { tempDir } from '../../support/temp-dir.js';
import { withAgent } from '../../support/agent-scenarios.js';

describe('countCases', () => {
  it("equals the validated suite's counts on the repository's cases", async () => {
    const ws = await loadWorkspace({ prompts: resolve('prompts') });
    const suite = await loadCaseSuite(resolve('cases'), ws.active, {}, withAgent);
    const counted = await countCases(resolve('cases'));
    expect(counted.unreadable).toEqual([]);
    expect(counted.counts).toEqual(suite.counts);
  });

  it('falls back to parsing where a scan would miscount: flow-style items, JSON; unreadable files are named', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'intent_recognition'));
    mkdirSync(join(dir, 'pipeline'));
    writeFileSync(
      join(dir, 'intent_recognition/block.yaml'),
      'test_cases:\n  - case_id: a\n    case_type: normal\n    input: { user_query: "x" }\n  - case_type: adversarial # comment\n    case_id: b\n',
    );
    writeFileSync(join(dir, 'intent_recognition/flow.yaml'), 'test_cases:\n  - { case_id: c, case_type: boundary }\n  - case_id: d\n    case_type: schema\n');
    writeFileSync(join(dir, 'intent_recognition/gen.yaml'), JSON.stringify({ test_cases: [{ case_id: 'f', case_type: 'normal' }] }));
    writeFileSync(join(dir, 'intent_recognition/broken.yaml'), 'test_cases: [unclosed\n  - case_id: g\n');
    writeFileSync(join(dir, 'pipeline/s.yaml'), 'scenarios:\n  - scenario_id: s1\n    case_type: adversarial\n');
    const counted = await countCases(dir);
    expect(counted.counts).toEqual({ intent_recognition: { normal: 2, adversarial: 1, boundary: 1, schema: 1 }, pipeline: { adversarial: 1 } });
    expect(counted.unreadable).toEqual([join('intent_recognition', 'broken.yaml')]);
  });
});
