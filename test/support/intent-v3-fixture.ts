import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * intent_v3: a version bump with known changes against intent_v2 —
 * breaking: enum value order_status_query removed (and its taxonomy entry),
 * time_condition renamed to time_window, clarification_question no longer
 * nullable; compatible: a new field `urgency`, a new user_emotion value.
 */
export function intentV3(): string {
  const v2 = readFileSync(join(process.cwd(), 'prompts/intent_v2.md'), 'utf8');
  const outputStart = v2.indexOf('## Output Schema');
  const outputEnd = v2.indexOf('## ', outputStart + 5);
  const output = v2
    .slice(outputStart, outputEnd)
    .replace(' | order_status_query', '')
    .replace('"time_condition": "string | null"', '"time_window": "string | null"')
    .replace('"clarification_question": "string | null"', '"clarification_question": "string"')
    .replace(
      '"user_emotion": "neutral | anxious | angry | dissatisfied | unknown"',
      '"user_emotion": "neutral | anxious | angry | dissatisfied | desperate | unknown"',
    )
    .replace('"task_complexity":', '"urgency": "low | high",\n  "task_complexity":');
  const rest = v2
    .slice(0, outputStart)
    .concat(output, v2.slice(outputEnd))
    .replaceAll('intent_v2', 'intent_v3')
    .replace('version: v2.0.0', 'version: v3.0.0')
    .replace(/^order_status_query: .*\n/m, '')
    .replace(/^order_status_query: required.*\n/m, '')
    .replace(/changelog:\n/, 'changelog:\n  - v3.0.0: Folded order_status_query into logistics_query; urgency added.\n');
  // Drop the examples: they were written for v2's schema.
  return rest.slice(0, rest.indexOf('## Example'));
}
