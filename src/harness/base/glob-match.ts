/**
 * Whole-string globs with `*` (any run of characters, none included) matched
 * in linear time. A regular expression `^a.*b.*c$` backtracks: each `.*` tries
 * every split, so `*x*x*x*y` against a 3,000-character id runs for minutes.
 * Matching the pieces left to right, each at its first place after the last,
 * is enough for `*`-only globs: an earlier place never leaves less room for
 * what follows.
 */
export function globMatcher(glob: string): (text: string) => boolean {
  const pieces = glob.split('*');
  if (pieces.length === 1) return (text) => text === glob;
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((p) => p.length > 0);
  return (text) => {
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
    let from = first.length;
    const end = text.length - last.length;
    for (const piece of middle) {
      const at = text.indexOf(piece, from);
      if (at < 0 || at + piece.length > end) return false;
      from = at + piece.length;
    }
    return true;
  };
}
