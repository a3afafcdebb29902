/** Levenshtein distance: how many one-character edits turn a into b (for "did you mean ...?"). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The nearest candidate one or two edits away from a name, if there is one: a
 * likely typo. Between two as near, the one the name begins (a word cut short:
 * `modul` is `module` rather than `model`).
 */
export function nearMiss(name: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; rank: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = editDistance(candidate, name);
    if (distance > 2) continue;
    const rank = distance * 2 + (candidate.startsWith(name) ? 0 : 1);
    if (!best || rank < best.rank) best = { candidate, rank };
  }
  return best?.candidate;
}
