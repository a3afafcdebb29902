import { rate } from './rate.js';
import { taskDone } from './task-success.js';

/** Task success over the scenarios with an attack. */
export const utilityUnderAttack = rate(
  'utility_under_attack',
  false,
  taskDone((r) => !!r.facts.attack),
);
