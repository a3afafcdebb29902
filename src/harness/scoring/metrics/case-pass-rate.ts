import { one, rate } from './rate.js';

/** Results that passed, of all that ran; an errored case counts against it. */
export const casePassRate = rate('case_pass_rate', false, (r) => [one(r.status === 'passed'), 1]);
