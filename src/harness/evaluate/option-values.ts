/**
 * The number options of a run, checked for range. The CLI hands over what was
 * typed when it is no number ("abc"), so that each error can quote it.
 */
import { InputError } from '../base/errors.js';

/** pass^k beyond this many trials says nothing more, and the run would never end. */
export const MAX_REPEAT = 1000;

export function positiveInt(value: number | string, flag: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new InputError({
      file: flag,
      message: `"${value}" is not a positive integer`,
      expected: `a whole number of at least 1, e.g. ${flag} 8`,
      severity: 'error',
    });
  }
  if (value > limit)
    throw new InputError({ file: flag, message: `${value} is more than orderflow takes`, expected: `a whole number from 1 to ${limit}`, severity: 'error' });
  return value;
}

export function budgetOf(value: number | string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new InputError({
      file: '{maxCost}',
      message: `"${value}" is not an amount of US dollars`,
      expected: 'a positive number, e.g. {maxCost} 2.50',
      severity: 'error',
    });
  return value;
}

export function seedOf(value: number | string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2 ** 31)
    throw new InputError({
      file: '{seed}',
      message: `"${value}" is not a seed`,
      expected: 'a whole number from 0 to 2147483648, e.g. {seed} 7',
      severity: 'error',
    });
  return value;
}
