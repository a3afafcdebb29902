/**
 * An eval run allocates a great deal of short-lived data per case and keeps
 * little (about 30 MB live at 10,000 or 100,000 cases). V8 lets its heap grow
 * to up to four times the live data before collecting, so a long run's peak
 * memory grew with its length although what it holds did not. The eval
 * command is a batch job whose owner cares about the memory it takes on a CI
 * runner, so the process trades a few more collections for a heap at most
 * half again its live data. Set by the CLI, which owns the process; a library
 * caller of evaluate() keeps its own settings.
 */
import { setFlagsFromString } from 'node:v8';

const HEAP_GROWING_PERCENT = 50;

export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
