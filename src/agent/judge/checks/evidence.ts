import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The policy documents selected as evidence: each expected one in, each rejected one out. */
export const evidence: ScenarioCheck = ({ input, outputs }) => {
  const e = input.scenario.expected;
  const selected = outputs.selected_doc_ids;
  return [
    ...e.evidence_ids.map((id) =>
      selected.includes(id) ? pass(`evidence_selected[${id}]`) : fail(`evidence_selected[${id}]`, `${id} was not selected as evidence`),
    ),
    ...e.rejected_evidence_ids.map((id) =>
      !selected.includes(id) ? pass(`evidence_rejected[${id}]`) : fail(`evidence_rejected[${id}]`, `${id} was used as evidence`),
    ),
  ];
};
