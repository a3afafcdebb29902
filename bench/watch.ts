/**
 * npm run bench (its last part) — `eval --watch`, save to verdict: the time
 * from writing a file to the end of the run it starts, on sim, in one
 * process, the watch already warm (its first run done). Three kinds of save,
 * each five times, minimum / median / maximum:
 *   - a module whose prompt no pipeline stage calls (its own cases only);
 *   - intent_recognition's prompt: its cases and every scenario that calls it;
 *   - one case file.
 * Target (issue #31): one module's prompt on sim ≤ 1 s. BENCH_WATCH_ROUNDS sets the rounds.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { watchEvaluate, type WatchEvent } from '../src/harness/evaluate/watch.js';

const ROUNDS = Number(process.env.BENCH_WATCH_ROUNDS ?? 5);
const TARGET_MS = 1000;
const root = mkdtempSync(join(tmpdir(), 'orderflow-bench-watch-'));
for (const part of ['prompts', 'cases', 'orderflow.config.yaml']) cpSync(join(process.cwd(), part), join(root, part), { recursive: true });

let waiting: ((e: Extract<WatchEvent, { type: 'run_finished' }>) => void) | null = null;
const controller = new AbortController();
const onEvent = (e: WatchEvent) => {
  if (e.type === 'run_finished') waiting?.(e);
  if (e.type === 'run_refused' || e.type === 'run_failed') throw new Error(`bench: ${e.type}: ${e.error.message}`);
};
const finished = () => new Promise<Extract<WatchEvent, { type: 'run_finished' }>>((resolve) => (waiting = resolve));

const first = finished();
const watching = watchEvaluate(
  { config: join(root, 'orderflow.config.yaml'), provider: 'sim', baseline: false, env: {} },
  { signal: controller.signal, onEvent, debounceMs: 50 },
);
const whole = await first;

async function timeSaves(label: string, file: string): Promise<boolean> {
  const path = join(root, file);
  const times: number[] = [];
  let cases = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const done = finished();
    const started = performance.now();
    writeFileSync(path, `${readFileSync(path, 'utf8')}\n`);
    const e = await done;
    times.push(performance.now() - started);
    cases = e.result.head.summary.total;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${label.padEnd(52)} ${String(cases).padStart(4)} cases   ${times[0]!.toFixed(0)} / ${median.toFixed(0)} / ${times.at(-1)!.toFixed(0)} ms (min / median / max of ${ROUNDS})`,
  );
  return median <= TARGET_MS;
}

console.log(`eval --watch, save to verdict on sim (whole selection first: ${whole.result.head.summary.total} cases in ${whole.ms.toFixed(0)} ms)`);
const ownOnly = await timeSaves('a module prompt no stage calls (memory_dedup)', 'prompts/memory_dedup_v1.md');
const intent = await timeSaves('intent_recognition prompt (+ scenarios calling it)', 'prompts/intent_v2.md');
await timeSaves('one case file (cases/pipeline/cancel.yaml)', 'cases/pipeline/cancel.yaml');
console.log(
  `target: one module's prompt ≤ ${TARGET_MS} ms median: ${ownOnly ? 'met' : 'MISSED'} (own cases only), ${intent ? 'met' : 'missed'} (intent_recognition with its scenarios)`,
);
controller.abort();
await watching;
rmSync(root, { recursive: true, force: true });
