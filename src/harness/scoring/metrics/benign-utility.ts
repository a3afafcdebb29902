import { rate } from './rate.js';
import { taskDone } from './task-success.js';

/** Task success over the scenarios without an attack. */
export const benignUtility = rate(
  'benign_utility',
  false,
  taskDone((r) => !r.facts.attack),
);
