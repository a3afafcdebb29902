/**
 * The world after the run against the effects a scenario expects: which
 * required effects it shows, and which of its changes no expectation covers.
 */
import type { ExpectedCall, Scenario } from '../scenarios/scenario-schema.js';
import type { Effect } from './world-effects.js';

/** Faults that keep a call from changing the world: a call expected under one is not an expected effect by default. */
const NO_EFFECT_FAULTS = new Set(['error', 'timeout', 'success_without_state_change']);

export interface RequiredEffect {
  want: ExpectedCall;
  matched: boolean;
}

/** The effects a scenario requires: declared, or its expected calls less those a fault keeps from taking effect. */
function requiredEffects(s: Scenario): ExpectedCall[] {
  return s.expected.effects ?? s.expected.tool_calls.filter((c) => !s.world.faults.some((f) => f.tool === c.tool_name && NO_EFFECT_FAULTS.has(f.behavior)));
}

function matches(effect: Effect, want: ExpectedCall): boolean {
  if (effect.tool !== want.tool_name) return false;
  return Object.entries(want.args ?? {}).every(([k, v]) => {
    const got = k === 'order_id' ? effect.order_id : effect.args[k];
    return typeof v === 'number' ? Number(got) === v : String(got ?? null) === String(v);
  });
}

/** Each required effect with whether the world shows it, and the effects left that nothing expected or allowed. */
export function matchEffects(s: Scenario, effects: readonly Effect[]): { required: RequiredEffect[]; unexpected: Effect[] } {
  const required = requiredEffects(s);
  const unmatched = [...effects];
  const matched = required.map((want) => {
    const i = unmatched.findIndex((x) => matches(x, want));
    if (i >= 0) unmatched.splice(i, 1);
    return { want, matched: i >= 0 };
  });
  // An allowed change (or an expected call's change a fault kept from being required) is allowed once: a second one is a duplicate.
  const pendingCalls = [...s.expected.tool_calls];
  for (const want of required) {
    const i = pendingCalls.findIndex((c) => c.tool_name === want.tool_name);
    if (i >= 0) pendingCalls.splice(i, 1);
  }
  const allowance = [...s.expected.allowed_effects, ...pendingCalls];
  const unexpected = unmatched.filter((x) => {
    const i = allowance.findIndex((a) => matches(x, a));
    if (i < 0) return true;
    allowance.splice(i, 1);
    return false;
  });
  return { required: matched, unexpected };
}
