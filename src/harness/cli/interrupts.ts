/**
 * Ctrl-C (SIGINT) and SIGTERM while a run is under way: the first stops the run
 * cleanly (its finished results are flushed), a second means now. Listened to
 * only once a command asks (eval), so that a signal ends every other command as
 * it always does. What "now" does is the caller's: cli/main.ts, the one place
 * that exits.
 */
import { INTERRUPTING_SIGNALS, signalExit } from './exit-codes.js';

export class Interrupts {
  private controller: AbortController | null = null;
  private first: NodeJS.Signals | null = null;
  private readonly onSignal = (name: NodeJS.Signals) => {
    // A second interrupt means now: the finished results are already on disk.
    if (this.first !== null) return this.exitNow(signalExit(name));
    this.first = name;
    this.controller?.abort();
  };

  constructor(private readonly exitNow: (code: number) => void) {}

  /** Starts listening; the signal aborts on the first interrupt. */
  listen(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      for (const name of INTERRUPTING_SIGNALS) process.on(name, this.onSignal);
    }
    return this.controller.signal;
  }

  /** The signal that interrupted the run, if one did. */
  get receivedSignal(): NodeJS.Signals | null {
    return this.first;
  }

  stop(): void {
    if (this.controller) for (const name of INTERRUPTING_SIGNALS) process.off(name, this.onSignal);
  }
}
