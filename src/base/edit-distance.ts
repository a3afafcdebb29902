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

/** The candidate one or two edits away from a name, if there is one: a likely typo. */
export function nearMiss(name: string, candidates: readonly string[]): string | undefined {
  return candidates.find((c) => c !== name && editDistance(c, name) <= 2);
}
