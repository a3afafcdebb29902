/** The tables of memory_extraction: its patterns, wordings and labels, one per kind. */

export const MAX_ITEMS = 5;
