/** The tables of evidence_judge: its patterns, wordings and labels, one per kind. */

/** A part counts as covered when one item holds most of its terms. */
export const COVERED = 0.5;
