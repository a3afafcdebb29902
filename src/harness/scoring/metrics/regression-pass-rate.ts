import { one, rate } from './rate.js';

/** Regression cases that passed, of all regression cases that ran; an errored one counts against it. */
export const regressionPassRate = rate('regression_pass_rate', false, (r) => (r.case_type === 'regression' ? [one(r.status === 'passed'), 1] : null));
