/**
 * Lines removed and added between two versions of one section, in file order.
 * A longest-common-subsequence match, so a line that occurs twice (a fence
 * marker, a repeated rule) is still seen when one copy of it changes.
 */
export interface LineDiff {
  removed: string[];
  added: string[];
}

export function diffLines(before: readonly string[], after: readonly string[]): LineDiff {
  const n = before.length;
  const m = after.length;
  // lcs[i][j]: length of the common subsequence of before[i..] and after[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: LineDiff = { removed: [], added: [] };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      i++;
      j++;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.removed.push(before[i++]!);
    } else {
      out.added.push(after[j++]!);
    }
  }
  return out;
}
