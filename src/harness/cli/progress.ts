/**
 * The terminal display of a run, a consumer of runner events: a progress bar on
 * an interactive terminal, plain lines in CI and pipes (failures as they
 * happen, and a progress line every tenth of the way).
 */
import { runSize, trialsOfRun } from '../report/run-words.js';
import type CliProgress from 'cli-progress';
import pc from 'picocolors';
import type { CaseResult } from '../runner/case-result.js';
import type { RunEvent, RunObserver } from '../runner/run-events.js';
import { printable } from '../base/printable.js';
import type { Output } from './output.js';
import { lazyPackage } from '../base/lazy-package.js';

// Only a terminal gets the bar: a run in CI, a pipe or -q does not load it.
const cliProgress = lazyPackage<typeof CliProgress>('cli-progress');

export function progressObserver(output: Output, interactive: boolean): RunObserver {
  return interactive ? barObserver(output) : lineObserver(output);
}

/** A terminal shows this many failure lines after the bar; the reports have the rest. */
const TTY_FAILURE_LINES = 25;

export function isInteractive(stream: NodeJS.WriteStream = process.stderr, env = process.env): boolean {
  return Boolean(stream.isTTY) && !env.CI;
}

/** The bar cannot share the terminal with log lines, so failures are listed when it is done. */
function barObserver(output: Output): RunObserver {
  const { SingleBar, Presets } = cliProgress();
  const bar = new SingleBar(
    {
      format: ' {bar} {value}/{total} cases · {failed} failed · {errors} errors · {eta_formatted} left',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
    },
    Presets.shades_classic,
  );
  let failed = 0;
  let errors = 0;
  const lines: string[] = [];
  return (event: RunEvent) => {
    if (event.type === 'run_started') bar.start(event.total, event.resumed, { failed, errors });
    if (event.type === 'case_finished') {
      if (event.result.status === 'failed') failed += 1;
      if (event.result.status === 'error') errors += 1;
      if (event.result.status !== 'passed' && lines.length < TTY_FAILURE_LINES) lines.push(failureLine(event.result));
      bar.update(event.done, { failed, errors });
    }
    if (event.type === 'run_finished') {
      bar.stop();
      for (const line of lines) output.err(line);
      const rest = failed + errors - lines.length;
      if (rest > 0) output.err(`… and ${rest} more — see report.html / report.md`);
    }
  };
}

function lineObserver(output: Output): RunObserver {
  let nextMark = 0;
  let step = 1;
  return (event: RunEvent) => {
    if (event.type === 'run_started') {
      step = Math.max(1, Math.ceil(event.total / 10));
      nextMark = event.resumed + step;
      output.err(`running ${runSize(event.total, trialsOfRun(event.run))} on ${event.run.provider}${event.resumed ? ` (${event.resumed} already done)` : ''}`);
    }
    if (event.type === 'case_finished') {
      const r = event.result;
      if (r.status !== 'passed') output.err(failureLine(r));
      if (event.done >= nextMark || event.done === event.total) {
        output.err(`${event.done}/${event.total} done`);
        nextMark = event.done + step;
      }
    }
  };
}

function failureLine(r: CaseResult): string {
  const why = r.error ?? r.failed_checks[0]?.reason ?? '';
  const label = r.status === 'error' ? pc.yellow('ERROR') : pc.red('FAIL ');
  // Reasons can quote model output: keep it to one short line in the log.
  return `${label} ${r.module} ${printable(r.case_id)}${r.trial ? ` #${r.trial}` : ''}: ${printable(why.replace(/\s+/g, ' ').slice(0, 160))}`;
}
