/**
 * Marks on Latin letters dropped (effectué → effectue, Rückerstattung → Ruckerstattung, kuǎn → kuan):
 * a word of another Latin-script language then reads as the plain letters a word list holds. Marks on
 * other scripts stay (NFD decomposes hangul, NFC puts it back together).
 */
export function withoutLatinAccents(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(/(?<=[A-Za-z])\p{Mn}+/gu, '')
    .normalize('NFC');
}
