/**
 * `--adversary-tape FILE`: the recorded choices of sim:adversary, per
 * scenario id, that `npm run bench:guards` writes beside each counterexample.
 * Given back, the adversary replays them draw for draw, so a trajectory the
 * search found (mutated, not reachable from any seed alone) runs again under
 * `orderflow eval`. The file says which mode and seed recorded it; a run with
 * another is refused, since it would replay something else.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../../../harness/base/errors.js';
import type { AdversaryMode } from './adversary-provider.js';

const TapeFileSchema = z.strictObject({
  provider: z.enum(['sim:adversary', 'sim:adversary:coherent']),
  seed: z.number().int().min(0),
  tapes: z.record(z.string(), z.array(z.number().int().min(0))),
});
export type TapeFile = z.infer<typeof TapeFileSchema>;

export function tapeFileOf(mode: AdversaryMode, seed: number, tapes: Record<string, readonly number[]>): TapeFile {
  return {
    provider: mode === 'coherent' ? 'sim:adversary:coherent' : 'sim:adversary',
    seed,
    tapes: Object.fromEntries(Object.entries(tapes).map(([k, v]) => [k, [...v]])),
  };
}

/** Reads a tape file for a run of `provider` with `seed`; a bad or mismatched file is a clear input error. */
export function readTapeFile(file: string, provider: string, seed: number): Record<string, readonly number[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError({
      file,
      message: `cannot read the adversary tape: ${(error as Error).message}`,
      expected: 'a JSON file written by npm run bench:guards',
      severity: 'error',
    });
  }
  const parsed = TapeFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError({
      file,
      field: issue.path.join('.') || '(file)',
      message: `not an adversary tape: ${issue.message}`,
      expected: '{ provider: sim:adversary | sim:adversary:coherent, seed: N, tapes: { <scenario_id>: [whole numbers] } }',
      severity: 'error',
    });
  }
  const tape = parsed.data;
  if (tape.provider !== provider || tape.seed !== seed)
    throw new InputError({
      file,
      message: `the tape was recorded by ${tape.provider} {seed} ${tape.seed}, this run is ${provider} {seed} ${seed}`,
      expected: `{provider} ${tape.provider} {seed} ${tape.seed}`,
      severity: 'error',
    });
  return tape.tapes;
}
