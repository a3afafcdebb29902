import { one, rate } from './rate.js';

/** Results whose model call failed after its retries, of all that ran. */
export const errorRate = rate('error_rate', true, (r) => [one(r.status === 'error'), 1]);
