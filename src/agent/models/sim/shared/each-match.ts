/**
 * Each non-empty match of a global expression, by `exec` on the shared expression: `String.matchAll` would
 * clone (and compile again) the expression for every text, and sim scans every untrusted text with some fifty.
 * Safe to share: the loop runs to completion without yielding control between texts.
 */
export function eachMatch(re: RegExp, text: string, found: (match: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let match = re.exec(text); match; match = re.exec(text)) {
    if (match[0].length === 0) re.lastIndex += 1;
    else found(match);
  }
  re.lastIndex = 0;
}
