/**
 * `orderflow eval --watch` on the terminal: what changed, what ran, and what
 * moved in the verdict, one block per save, until Ctrl-C.
 */
import pc from 'picocolors';
import { InputError } from '../../base/errors.js';
import type { CheckedOptions } from '../../evaluate/evaluate-options.js';
import { watchEvaluate, type WatchEvent } from '../../evaluate/watch.js';
import { EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { verdictLine } from '../render-summary.js';

const SHOWN_IDS = 10;

export async function watchCommand(options: Omit<CheckedOptions, 'observer' | 'signal'>, output: Output): Promise<number> {
  for (const [on, key] of [
    [options.resume, 'resume'],
    [options.updateBaseline, 'updateBaseline'],
  ] as const) {
    if (on) throw new InputError({ file: `{${key}}`, message: 'cannot go with {watch}: every save would start a run of its own', severity: 'error' });
  }
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await watchEvaluate(options, { signal: controller.signal, onEvent: (event) => render(event, output) });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  output.out('watch ended');
  return EXIT_OK;
}

function render(event: WatchEvent, output: Output): void {
  switch (event.type) {
    case 'run_started':
      output.out(pc.bold(`▶ ${event.reason}: ${event.cases === 'all' ? 'running the selection' : `running ${event.cases} affected case(s)`}`));
      return;
    case 'nothing_to_run':
      output.out(`▶ ${event.reason}: no case is affected`);
      return;
    case 'run_refused':
      printProblems(output, event.error.problems);
      output.out('not run; watching for the next save (Ctrl-C to stop)');
      return;
    case 'run_failed':
      output.err(pc.red(`run failed: ${event.error.message}`));
      output.out('watching for the next save (Ctrl-C to stop)');
      return;
    case 'run_finished': {
      const { changes, result } = event;
      output.out(`${verdictLine(result.head)}  (${Math.round(event.ms)} ms)`);
      if (changes.newly_failing.length) output.out(pc.red(`  newly failing (${changes.newly_failing.length}): ${listed(changes.newly_failing)}`));
      if (changes.newly_passing.length) output.out(pc.green(`  newly passing (${changes.newly_passing.length}): ${listed(changes.newly_passing)}`));
      if (changes.new_cases && changes.pass_rate.before !== null) output.out(`  new cases: ${changes.new_cases}`);
      for (const m of changes.by_module.filter((x) => x.before !== x.after)) output.out(`  ${m.module} pass rate ${percent(m.before)} → ${percent(m.after)}`);
      if (!changes.newly_failing.length && !changes.newly_passing.length && changes.pass_rate.before !== null) output.out('  no case changed its verdict');
      output.out(`  report: ${result.files.html}`);
      output.out('watching prompts, cases and the config (Ctrl-C to stop)');
      return;
    }
  }
}

const listed = (ids: string[]) => `${ids.slice(0, SHOWN_IDS).join(', ')}${ids.length > SHOWN_IDS ? `, … ${ids.length - SHOWN_IDS} more` : ''}`;
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
