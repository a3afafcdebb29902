import { judged, rate } from './rate.js';

/** Model outputs that met their schema, of all checked (one per module call). */
export const schemaValidityRate = rate('schema_validity_rate', false, (r) =>
  judged(r) && r.facts.schema ? [r.facts.schema.valid, r.facts.schema.total] : null,
);
