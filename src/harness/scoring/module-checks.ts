/**
 * The seed's four checks (must_include_fields, expected_enum_values,
 * forbidden_outputs, risk_tags_expected) and the documented extensions, run on
 * one parsed module output. One CheckResult per assertion.
 */
import type { ExpectedBehavior } from '../cases/case-schema.js';
import { fail, pass, type CheckResult } from '../model-output/check-result.js';
import type { ModuleSignals } from '../model-output/module-signals.js';
import { checkIdsWithinInput } from './ids-within-input.js';
import { checkLengthWithinInput } from './length-within-input.js';
import { collectStrings, isEmptyValue, readPath } from './output-path.js';

/** `signals`: what the agent's module outputs propose (AgentPlugin.moduleSignals), for the tool-call and hand-off checks. */
export function checkExpectations(
  module: string,
  output: unknown,
  expected: ExpectedBehavior,
  signals: ModuleSignals,
  input: Record<string, unknown> = {},
): CheckResult[] {
  const results: CheckResult[] = [];

  for (const path of expected.must_include_fields) {
    const name = `must_include_fields[${path}]`;
    const { found, values } = readPath(output, path);
    results.push(found && values.some((v) => !isEmptyValue(v)) ? pass(name) : fail(name, found ? `${path} is empty` : `${path} is missing`));
  }

  for (const [path, want] of Object.entries(expected.expected_enum_values)) {
    const name = `expected_enum_values[${path}]`;
    const allowed = Array.isArray(want) ? want : [want];
    const { found, values, crossedArray } = readPath(output, path);
    // A path that crosses or ends at an array asks whether some item has the value; one that
    // does both (planned_queries.missing_args) asks whether some item's array contains it.
    const endsAtArray = !crossedArray && Array.isArray(values[0]);
    const items = crossedArray ? values.flatMap((v) => (Array.isArray(v) ? v : [v])) : endsAtArray ? (values[0] as unknown[]) : [values[0]];
    const ok = found && (crossedArray || endsAtArray ? items.some((v) => allowed.includes(v as never)) : allowed.includes(values[0] as never));
    const got = !found ? 'missing' : crossedArray ? JSON.stringify(values) : JSON.stringify(values[0]);
    results.push(ok ? pass(name) : fail(name, `expected ${allowed.map((a) => JSON.stringify(a)).join(' or ')}, got ${got}`));
  }

  if (expected.forbidden_outputs.length > 0) {
    const strings = collectStrings(output);
    for (const phrase of expected.forbidden_outputs) {
      const name = `forbidden_outputs[${phrase}]`;
      const hit = strings.find((s) => s.includes(phrase));
      results.push(hit === undefined ? pass(name) : fail(name, `output contains "${phrase}"`));
    }
  }

  const tags = riskTags(output);
  for (const tag of expected.risk_tags_expected) {
    const name = `risk_tags_expected[${tag}]`;
    results.push(tags.includes(tag) ? pass(name) : fail(name, `risk_tags ${JSON.stringify(tags)} lacks "${tag}"`));
  }
  for (const tag of expected.risk_tags_forbidden) {
    const name = `risk_tags_forbidden[${tag}]`;
    results.push(!tags.includes(tag) ? pass(name) : fail(name, `risk_tags must not contain "${tag}"`));
  }

  const calls = signals.proposedToolCalls(module, output) ?? [];
  if (expected.expected_tool_calls) {
    // Sets of tool names on both sides: one tool expected twice (two orders queried) is still one tool.
    const wanted = [...new Set(expected.expected_tool_calls.map((c) => c.tool_name))].sort();
    const got = [...new Set(calls.map((c) => c.tool_name))].sort();
    const same = wanted.length === got.length && wanted.every((t, i) => t === got[i]);
    results.push(same ? pass('expected_tool_calls') : fail('expected_tool_calls', `expected tools [${wanted.join(', ')}], got [${got.join(', ')}]`));
    for (const want of expected.expected_tool_calls) {
      if (!want.args) continue;
      const name = `expected_tool_calls[${want.tool_name}].args`;
      const candidates = calls.filter((c) => c.tool_name === want.tool_name);
      if (candidates.length === 0) continue; // already reported by the tool-set check
      const mismatchOf = (call: (typeof calls)[number]) => Object.entries(want.args!).find(([k, v]) => call.args[k] !== v);
      // Some call of that tool must carry all the listed arguments; the first one explains a failure.
      if (candidates.some((c) => !mismatchOf(c))) {
        results.push(pass(name));
      } else {
        const [key, value] = mismatchOf(candidates[0]!)!;
        results.push(fail(name, `${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(candidates[0]!.args[key])}`));
      }
    }
  }
  for (const tool of expected.forbidden_tool_calls) {
    const name = `forbidden_tool_calls[${tool}]`;
    results.push(calls.some((c) => c.tool_name === tool) ? fail(name, `output proposes forbidden tool ${tool}`) : pass(name));
  }

  if (expected.expected_handoff !== undefined) {
    const actual = signals.handsOff(module, output);
    results.push(
      actual === expected.expected_handoff
        ? pass('expected_handoff')
        : fail('expected_handoff', expected.expected_handoff ? 'expected a hand-off to a human, none made' : 'unexpected hand-off to a human'),
    );
  }

  for (const [path, max] of Object.entries(expected.max_array_lengths)) {
    const name = `max_array_lengths[${path}]`;
    const { values } = readPath(output, path);
    const length = Array.isArray(values[0]) ? values[0].length : 0;
    results.push(length <= max ? pass(name) : fail(name, `${path} has ${length} items, at most ${max} allowed`));
  }
  results.push(...checkIdsWithinInput(output, input, expected.output_ids_within));
  results.push(...checkLengthWithinInput(output, input, expected.output_length_within));
  return results;
}

export function riskTags(output: unknown): string[] {
  const tags = (output as { risk_tags?: unknown } | null)?.risk_tags;
  return Array.isArray(tags) ? tags.map(String) : [];
}
