/** The tables of map_reduce_extractor: its patterns, wordings and labels, one per kind. */

/** A sentence is relevant when it holds a fair share of some question part's terms. */
export const RELEVANT = 0.34;
