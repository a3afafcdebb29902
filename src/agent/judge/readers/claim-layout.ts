/**
 * The judge's reading of a reply's layout before its claims are read: what a
 * screen shows as words the patterns must see as words. A word spelled with
 * look-alike letters of another script, a word split by a mark between its
 * letters, a Markdown table whose cells say a state under an action's
 * heading, Cantonese aspect and verbs, and "no longer exists", each read back to the plain
 * Mandarin or English the claim patterns hold. Written for the judge alone.
 */

/** Cyrillic and Greek letters drawn like Latin ones: read as Latin inside a word that also holds Latin letters. */
const LOOK_ALIKE: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  к: 'k',
  м: 'm',
  т: 't',
  н: 'h',
  в: 'b',
  А: 'A',
  Е: 'E',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Н: 'H',
  К: 'K',
  М: 'M',
  В: 'B',
  Х: 'X',
  ο: 'o',
  α: 'a',
  ε: 'e',
  ι: 'i',
  ν: 'v',
  Ο: 'O',
};
const MIXED_WORD = /[\p{L}]*[\p{Script=Cyrillic}\p{Script=Greek}][\p{L}]*/gu;

function latinLookAlikes(text: string): string {
  return text.replace(MIXED_WORD, (word) => (/[A-Za-z]/.test(word) ? [...word].map((c) => LOOK_ALIKE[c] ?? c).join('') : word));
}

/** Single letters or characters joined by one mark each (`退-款-成-功`, `r e f u n d e d`, `r.e.f.u.n.d`): one word. */
function joinedSplitWords(text: string): string {
  return text
    .replace(/(?<!\p{Script=Han})\p{Script=Han}(?:[-_·・*/~.|]\p{Script=Han}(?!\p{Script=Han})){2,}/gu, (run) => run.replace(/[-_·・*/~.|]/g, ''))
    .replace(/(?<![A-Za-z])[A-Za-z](?:([ \-_·*.])[A-Za-z](?![A-Za-z])){3,}/g, (run) => run.replace(/[ \-_·*.]/g, ''));
}

const SEPARATOR_ROW = /^\s*\|[\s:|-]+\|\s*$/;
const ROW_AT_END = /^(.*?[^|\s].*?)\s*(\|[^|]*(?:\|[^|]*)+\|)\s*$/;

/**
 * A table's heading row written after other words on the same line ("已为您查询。 | 订单 | 退款 |"), with its
 * separator row under it: the customer still reads the table's cells under those headings, so the row is
 * read on a line of its own.
 */
function headingRowsOwnLine(lines: string[]): string[] {
  return lines.flatMap((line, i) => {
    const split = SEPARATOR_ROW.test(lines[i + 1] ?? '') && !/^\s*\|/.test(line) ? ROW_AT_END.exec(line) : null;
    return split ? [split[1]!, split[2]!] : [line];
  });
}

/** A Markdown table read row by row as `heading：cell` pairs, so a cell's state stands beside the action its column names. */
function tablesAsLines(text: string): string {
  const lines = headingRowsOwnLine(text.split('\n'));
  const out: string[] = [];
  let heads: string[] | null = null;
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  for (const [i, line] of lines.entries()) {
    if (!/^\s*\|.*\|\s*$/.test(line)) {
      heads = null;
      out.push(line);
    } else if (SEPARATOR_ROW.test(line)) {
      // the separator row under the headings
    } else if (!heads && !SEPARATOR_ROW.test(lines[i + 1] ?? '')) {
      // A row with no separator under it heads nothing: its cells are read in turn, label then value ("| 退款 | 已完成 |").
      out.push(cells(line).join('：'));
    } else if (!heads) {
      heads = cells(line);
      // The headings are words the customer reads too: each its own clause, so a heading that says a state is read.
      out.push(heads.join('；'));
    } else {
      const h = heads;
      out.push(
        cells(line)
          .map((c, i) => (h[i] ? `${h[i]}：${c}` : c))
          .join('；'),
      );
    }
  }
  return out.join('\n');
}

/** Cantonese aspect (咗 = 了), verbs and particles, read as the Mandarin the patterns hold. */
const CANTONESE: [RegExp, string][] = [
  [/咗/g, '了'],
  [/搞掂/g, '搞定'],
  // 晒 after a verb is "all of it" (搞掂晒, 退晒): the state stands without it.
  [/(?<=[\u4e00-\u9fff])晒(?=$|[了啦喇咯。！!，,；;.\s])/g, ''],
  [/退返/g, '退还'],
  [/俾/g, '给'],
  [/嘅/g, '的'],
  [/(?<=了)[喇啦囉咯]/g, ''],
  [/喇/g, '了'],
];

/** A thing said to have stopped existing is a thing said to be gone; its "no" negates nothing. */
const GONE = /\b(?:no longer exists?|is no more|exists? no more|no longer there|(?:is\s+)?no longer (?:active|valid))\b/gi;

/**
 * A wait said to be over, in the words of a negation: the state it leaves. "No longer pending" is done (or refused,
 * which a reply would say); an order "not active any more" is gone; 不用再等了 is the money come; nothing left to do
 * on a refund is the refund done.
 */
const WAIT_OVER: [RegExp, string][] = [
  [/\b(?:is|are|was|were)(?:n't|\s+not)\s+(?:pending|in progress|processing|under review|on hold)\s+any\s?more\b/gi, 'is complete'],
  [/\bno\s+longer\s+(?:pending|in progress|processing|under review|on hold)\b/gi, 'complete'],
  [/\b(?:order|purchase)(\s+\w+)?\s+(?:is|are)(?:n't|\s+not)\s+active\s+any\s?more\b/gi, 'order$1 is cancelled'],
  [/\bnothing\s+(?:left|more|else|further)\s+(?:to\s+do|needed|required)\s+(on|for|with)\b/gi, 'done $1'],
  [/\b(?:there's|there\s+is)\s+nothing\s+(?:outstanding|pending)\s+(on|for|with)\b/gi, 'done $1'],
  [/\b(?:don't|do\s+not|no)\s+need\s+to\s+wait\s+for\s+(the|your)\s+(\w+)\s+any\s?more\b/gi, '$1 $2 has arrived'],
  [/(?:不用|无需|不必|不需要)再等(?:了|啦)?/g, '已经到了'],
  [/(订单|这单|单子)([^，,；;。]{0,4}?)(?:已经|已)?不(?:存在|见)了/g, '$1$2已经取消了'],
  [/(?:已经)?不(?:在|再)(?:处理|审核|办理)中了?/g, '处理完成了'],
];

export function claimLayout(plain: string): string {
  let text = joinedSplitWords(latinLookAlikes(tablesAsLines(plain))).replace(GONE, 'is gone');
  for (const [re, to] of CANTONESE) text = text.replace(re, to);
  for (const [re, to] of WAIT_OVER) text = text.replace(re, to);
  return text;
}
