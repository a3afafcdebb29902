/** The tables of memory_dedup: its patterns, wordings and labels, one per kind. */

export const NAMED_ID = /\bmem[-_][\w-]+|\bm-\d+/i;
