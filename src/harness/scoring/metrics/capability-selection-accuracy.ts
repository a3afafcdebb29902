import { judged, rate } from './rate.js';

/** Turns that ran on the expected capability, of all turns with a capability ground truth. */
export const capabilitySelectionAccuracy = rate('capability_selection_accuracy', false, (r) =>
  judged(r) && r.facts.capability ? [r.facts.capability.correct, r.facts.capability.turns] : null,
);
