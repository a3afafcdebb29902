/**
 * What a capability-routing scenario adds to the scenario format (docs/spec/capability-routing.md):
 * the catalog the server holds (entries, each scenario's version history, and
 * moves of the catalog between turns), and the judge's ground truth per turn.
 */
import { z } from 'zod';
import { CAPABILITIES } from '../vocabulary/capability-ids.js';

const EntrySchema = z.strictObject({
  capability: z.enum(CAPABILITIES),
  description: z.string().min(1),
  scenario: z.string().min(1),
  version: z.string().min(1),
  /** policy.consult: the policy types that make up the capability's knowledge; nothing else is searched. */
  knowledge: z.array(z.string().min(1)).default([]),
});

export const CapabilityCatalogSchema = z.strictObject({
  entries: z.array(EntrySchema).min(1),
  /** scenario → the versions its configuration history holds. */
  history: z.record(z.string(), z.array(z.string().min(1))),
  /** The date retrieval checks effective dates against (YYYY-MM-DD). */
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** An operator edits the catalog: from this turn on, the capability maps to this version. */
  moves: z.array(z.strictObject({ before_turn: z.number().int().min(2), capability: z.enum(CAPABILITIES), version: z.string().min(1) })).default([]),
});
export type CapabilityCatalogSpec = z.infer<typeof CapabilityCatalogSchema>;

/** One turn's ground truth; `null` capability: the turn needs none (a greeting, a stop). */
const TurnTruthSchema = z.strictObject({
  capability: z.enum([...CAPABILITIES, 'none']),
  /** The version this turn must run on; `error`: the pinned version is unavailable and the turn must say so. */
  version: z.string().min(1).optional(),
  /** The refund the turn works on; null: none may be chosen (ask which, another customer's id, stopped). */
  refund_id: z.string().min(1).nullable().optional(),
  /** What the refund follow-up decided (refund-followup.ts actions), or `stopped`. */
  action: z
    .enum(['explain_status', 'create_exception_ticket', 'reuse_ticket', 'ask_which', 'refuse_object', 'stopped', 'policy_answer', 'binding_error', 'none'])
    .optional(),
  /** policy.consult: documents the scoped, date-filtered search must not return (out of scope, not in force). */
  not_retrieved: z.array(z.string().min(1)).default([]),
});
export type TurnTruth = z.infer<typeof TurnTruthSchema>;

export const CapabilityExpectedSchema = z.strictObject({
  /** One entry per user turn, in order. */
  turns: z.array(TurnTruthSchema).min(1),
});
