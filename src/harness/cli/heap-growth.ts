/**
 * An offline eval run allocates a great deal of short-lived data per case and
 * keeps little (about 30 MB live at 10,000 or 100,000 cases). V8 lets its heap
 * grow to about four times the live data before collecting, so a long run's
 * peak memory grew with its length although what it holds did not. For an
 * offline run, a batch job whose owner cares about what it takes on a CI
 * runner, the CLI trades a few more collections for a heap at most half again
 * its live data.
 *
 * Only offline runs: against a live server the extra collections pause the
 * event loop that keeps the requests flowing (a rate-limited run made 77–86%
 * of the enforced rate with the bound, up to 98% without). The bound must be
 * set before the suite loads, where the peak comes. Set by the CLI, which owns
 * the process; a library caller of evaluate() keeps its own settings.
 */
import { setFlagsFromString } from 'node:v8';

const HEAP_GROWING_PERCENT = 50;

/** True when every provider the run will call is one of the agent's offline models. */
export function runsOnlyOffline(providers: readonly string[], offline: readonly string[]): boolean {
  return providers.length > 0 && providers.every((p) => offline.includes(p));
}

export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
