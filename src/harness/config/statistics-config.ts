/**
 * How the gate treats chance: `statistics` in orderflow.config.yaml, and the
 * `strict` marker on a threshold. Kept apart from config.ts so that the rules
 * of the statistical gate are documented in one place (and in the published
 * JSON Schema through the descriptions).
 */
import { z } from 'zod';

export const StatisticsSchema = z
  .strictObject({
    mode: z
      .enum(['auto', 'exact', 'statistical'])
      .default('auto')
      .describe(
        'auto: exact rules on deterministic providers (sim, sim:gullible, --replay, or every answer from the cache), statistical rules on live models. exact: every flip and every threshold crossing counts. statistical: intervals, the paired test and flaky cases decide.',
      ),
    alpha: z
      .number()
      .gt(0)
      .max(0.5)
      .default(0.05)
      .describe('Significance level of the paired test (one-sided, Holm-adjusted over overall and each module); intervals are two-sided at 1 − alpha.'),
    detectable_drop: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.1)
      .describe('The drop in pass rate the power note checks: groups too small to detect it (80% power) are named, with the --repeat that would.'),
  })
  .prefault({})
  .describe('How the gate tells a real change from the noise of a stochastic model.');

export type StatisticsConfig = z.infer<typeof StatisticsSchema>;

export const STRICT_DESCRIPTION =
  'Judge this threshold on the measured value even on a stochastic model (an absolute safety rule, e.g. unsafe_action_rate max 0). Without it, on a live model a threshold fails only when the whole confidence interval lies on the wrong side.';

export const DEFAULT_STATISTICS: StatisticsConfig = StatisticsSchema.parse(undefined);
