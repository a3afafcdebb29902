/** The one way the command that finishes a stopped run is written, for an interrupt and for a spent budget, from typed arguments or from API options. */
import { describe, expect, it } from 'vitest';
import { resumeCommand, runArguments } from '../../../src/harness/evaluate/resume-command.js';

describe('the command that finishes a stopped run', () => {
  it('repeats what was typed, drops --out and --resume, and names the run folder last', () => {
    expect(
      resumeCommand(
        ['--config', 'ci/of.yaml', '--module', 'intent_recognition', '--out', 'old', '--resume', '--out=older', '--no-guards', '-j', '8'],
        'reports/run-1',
      ),
    ).toBe('orderflow eval --config ci/of.yaml --module intent_recognition --no-guards -j 8 --resume --out reports/run-1');
  });

  it('quotes what the shell would split or expand, and only that', () => {
    expect(resumeCommand(['--id', 'intent-*', '--prompt', "intent=it's v2"], 'my reports')).toBe(
      "orderflow eval --id 'intent-*' --prompt 'intent=it'\\''s v2' --resume --out 'my reports'",
    );
  });

  it('after a spent budget, leaves the amount to fill in (the old one would stop the run again)', () => {
    expect(resumeCommand(['--provider', 'openai', '--max-cost', '2.5'], 'r', { newBudget: true })).toBe(
      'orderflow eval --provider openai --max-cost <a new budget> --resume --out r',
    );
    expect(resumeCommand(['--max-cost=2.5'], 'r', { newBudget: true })).toBe('orderflow eval --max-cost=<a new budget> --resume --out r');
    expect(resumeCommand(['--max-cost', '2.5'], 'r')).toBe('orderflow eval --max-cost 2.5 --resume --out r');
  });

  it('from API options: everything --resume checks or the selection needs, nothing it does not', () => {
    expect(
      runArguments({
        config: 'of.yaml',
        prompts: 'p',
        cases: 'c',
        generated: true,
        provider: 'openai',
        model: 'm',
        server: 'vllm',
        prompt: ['intent_recognition=intent_v2'],
        module: ['intent_recognition'],
        caseType: ['adversarial'],
        id: ['a*'],
        shard: '1/4',
        repeat: 3,
        guards: false,
        maxCost: 2,
      }),
    ).toEqual([
      '--config',
      'of.yaml',
      '--prompts',
      'p',
      '--cases',
      'c',
      '--generated',
      '--provider',
      'openai',
      '--model',
      'm',
      '--server',
      'vllm',
      '--prompt',
      'intent_recognition=intent_v2',
      '--module',
      'intent_recognition',
      '--case-type',
      'adversarial',
      '--id',
      'a*',
      '--shard',
      '1/4',
      '--repeat',
      '3',
      '--no-guards',
      '--max-cost',
      '2',
    ]);
    expect(runArguments({ repeat: 1, guards: true })).toEqual([]);
    expect(runArguments({ gates: false })).toEqual(['--no-guards']);
  });
});
