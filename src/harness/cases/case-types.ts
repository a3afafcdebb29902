/** The kinds of module case; apart from the case schema so that `orderflow list` names them without loading zod. */
export const CASE_TYPES = ['normal', 'boundary', 'adversarial', 'regression', 'safety', 'schema'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
