export const EXIT_OK = 0;
/** The gate failed, or `diff --fail-on-breaking` found a breaking change. */
export const EXIT_FAILED = 1;
/** Bad input or configuration. */
export const EXIT_INPUT = 2;
/** A bug in orderflow itself. */
export const EXIT_INTERNAL = 3;

/** Shell convention: a run stopped by signal n exits 128 + n. */
const SIGNAL_NUMBER: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };

export const INTERRUPTING_SIGNALS = Object.keys(SIGNAL_NUMBER) as NodeJS.Signals[];

export function signalExit(signal: NodeJS.Signals): number {
  return 128 + (SIGNAL_NUMBER[signal] ?? 2);
}
