/**
 * The judge's own reading of a text's letters, written apart from the guards'
 * normalisers: whatever form a reply takes on the screen — full-width,
 * spaced out, split by invisible characters, in traditional script — the
 * judge reads the words the customer read. Imports nothing of the pipeline
 * or the registry, so that a bug planted in a guard's reading cannot hide
 * the same text from the judge.
 */

import { createRequire } from 'node:module';
import { decodeHTML } from 'entities';
import { memoizeText } from '../../../harness/base/bounded-map.js';

const load = createRequire(import.meta.url);
let converter: ((text: string) => string) | undefined;
const HAN = /\p{Script=Han}/u;
/** The whole of traditional script (opencc's dictionary), for what the word list below does not hold: loaded once, and only for Chinese text. */
/** The same reply is read by each of the judge's readers: converted once. */
const convert = memoizeText((text) => (converter ??= (load('opencc-js/t2cn') as typeof import('opencc-js/t2cn')).Converter({ from: 'tw', to: 'cn' }))(text));
const toSimplified = (text: string): string => (HAN.test(text) ? convert(text) : text);

/** Characters that render as nothing (zero-width spaces and joiners, word joiner, BOM, soft hyphen, bidi marks), and marks drawn around a character (the keycap of 1⃣). */
const INVISIBLE =
  /\u00ad|\u034f|\u061c|\u115f|\u1160|\u17b4|\u17b5|\u180e|[\u200b-\u200f]|[\u202a-\u202e]|[\u2060-\u206f]|\u3164|[\ufe00-\ufe0f]|\ufeff|\uffa0|[\u20dd-\u20e4]/g;

/**
 * Traditional characters of the words a claim, a consent or a contact is made
 * of, to their simplified form: the judge reads 款項已退還 as 款项已退还.
 */
const TRADITIONAL =
  '項项還还經经單单訂订變变處处辦办帳账賬账戶户開开們们為为將将補补償偿賠赔發发額额錢钱銀银號号務务貨货請请這这給给過过後后時时會会沒没個个來来無无於于與与銷销記记錄录顯显狀状態态嗎吗麼么筆笔動动從从讓让認认確确準准達达對对應应預预計计實实際际隨随馬马該该須须問问題题謝谢幫帮協协關关閉闭結结當当間间內内產产庫库運运遞递簽签誤误錯错繫系聯联係系電电話话郵邮網网點点擊击連连鏈链復复歸归態态証证門门兌兑換换據据紀纪區区轉转給给寄寄嗎吗撥拨億亿萬万價价貼贴紅红劵券額额優优惠惠衝冲換换嘗尝讀读寫写認认詢询審审核核準准則则擇择條条碼码幣币臺台灣湾儲储資资訊讯戶户處处罰罰賣卖買买單单續续繳缴費费稅税務务損损壞坏錄录檔档註注冊册號号碼码帳账這这邊边裡里裏里麼么樣样點点鐘钟週周節节歲岁氣气顧顾客客戶户體体驗验權权益益稱称謂谓見见視视覺觉親亲愛爱讚赞謂谓誠诚摯挚盡尽與与專专員员線线機机構构屬属據据說说說说寶宝貝贝憑凭證证擔担憂忧負负責责屆届滿满齊齐師师員员團团隊队兩两歷历紹绍級级啟启動动態态約约幾几訴诉廢废暫暂匯汇彙汇鎖锁頁页響响導导標标簡简體体餘余現现場场細细綁绑熱热雙双雜杂極极處处儘尽僅仅傳传備备倉仓';
const SIMPLIFIED = new Map<string, string>();
for (let i = 0; i + 1 < TRADITIONAL.length; i += 2) SIMPLIFIED.set(TRADITIONAL[i]!, TRADITIONAL[i + 1]!);

/** A letter of a language written with spaces between its words (Latin, Cyrillic, Greek, Hangul), or a digit. */
const WORD = /[A-Za-z0-9\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Hangul}]/u;

/**
 * A Latin letter with marks (é, ü, ǎ, ệ) as its bare letter, one character at a time, so that the words of other
 * Latin-script languages keep their spaces and read plain (a été effectué, kuǎn). Letters without a decomposition
 * (ß, ø, æ) stay as they are.
 */
const MARKED_LATIN = /[\u00c0-\u024f\u1e00-\u1eff]/g;
const bareLatin = (text: string): string => text.replace(MARKED_LATIN, (c) => c.normalize('NFD').charAt(0));

/**
 * Letters drawn in ways NFKC leaves alone, read as the letters a screen shows: negative circled and squared letters
 * and regional indicators (🆁🅴🅵🆄🅽🅳) by their place in the alphabet, small capitals (ʀᴇꜰᴜɴᴅ), and marks drawn
 * through or under a letter (r̶e̶f̶u̶n̶d̶, r͟e͟f͟) dropped.
 */
const SMALL_CAPITAL_LETTERS = 'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ';
const SMALL_CAPITALS: Record<string, string> = Object.fromEntries([...SMALL_CAPITAL_LETTERS].map((c, i) => [c, 'abcdefghijklmnopqrstuvwyz'[i]!]));
const SMALL_CAPITAL = new RegExp(`[${SMALL_CAPITAL_LETTERS}]`, 'g');
const LETTER_BLOCKS: [number, number][] = [
  [0x1f150, 0x1f169],
  [0x1f170, 0x1f189],
  [0x1f1e6, 0x1f1ff],
];
const LETTER_SYMBOL = new RegExp(`[${LETTER_BLOCKS.map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`).join('')}]`, 'gu');
// With a space before it a mark is drawn over the space: the two go together (a text spaced out after its marks).
const DRAWN_OVER = / ?[\u0300-\u036f\u1ab0-\u1aff\u20d0-\u20dc\u20e5-\u20ff\ufe20-\ufe2f]+/g;
function drawnLetters(text: string): string {
  return text
    .replace(LETTER_SYMBOL, (c) => {
      const code = c.codePointAt(0)!;
      const block = LETTER_BLOCKS.find(([first, last]) => code >= first && code <= last)!;
      return String.fromCharCode(65 + code - block[0]);
    })
    .replace(SMALL_CAPITAL, (c) => SMALL_CAPITALS[c] ?? c)
    .replace(DRAWN_OVER, '');
}

/**
 * Text turned upside down (˙pǝssǝɔoɹd uǝǝq sɐɥ punɟǝɹ ɹnoʎ) is seen the right way up: each turned letter read as
 * the letter it is turned from, the line read from its end. Only a line with three turned letters or more is turned.
 */
const TURNED: Record<string, string> = {
  ɐ: 'a',
  ɔ: 'c',
  ǝ: 'e',
  ɟ: 'f',
  ƃ: 'g',
  ɥ: 'h',
  ᴉ: 'i',
  ı: 'i',
  ɾ: 'j',
  ʞ: 'k',
  ɯ: 'm',
  ɹ: 'r',
  ʇ: 't',
  ʌ: 'v',
  ʍ: 'w',
  ʎ: 'y',
  Ʇ: 'T',
  q: 'b',
  p: 'd',
  d: 'p',
  b: 'q',
  u: 'n',
  n: 'u',
  '˙': '.',
  '¿': '?',
  '¡': '!',
  '‘': ',',
};
const TURNED_LETTER = /[ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ]/g;
function rightWayUp(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      (line.match(TURNED_LETTER) ?? []).length >= 3
        ? [...line]
            .reverse()
            .map((c) => TURNED[c] ?? c)
            .join('')
        : line,
    )
    .join('\n');
}

/**
 * A right-to-left override (U+202E) shows what follows it, to its pop (U+202C) or the end of the line, reversed:
 * "\u202edenufer neeb sah dnufer ruoY" is seen as "Your refund has been refunded". Read in the order it is seen.
 */
const OVERRIDDEN = /\u202e([^\u202c\n]*)\u202c?/g;
const inDisplayOrder = (text: string): string => (text.includes('\u202e') ? text.replace(OVERRIDDEN, (_m, run: string) => [...run].reverse().join('')) : text);

/**
 * NFKC (full-width to half-width), accents on Latin letters dropped, invisible characters dropped, traditional
 * script to simplified, and spaces kept only between two words of a language that spaces them (Latin,
 * Cyrillic, Greek, Hangul) or numbers: `退 款 已 成 功` reads 退款已成功, `r e f u n d e d` stays spaced
 * (a word spelled out letter by letter is read by `squeezed`).
 */
export function plainText(text: string): string {
  // A character reference shows as its character wherever the reply is rendered (&#36864;&#27454; reads 退款).
  const shown = rightWayUp(drawnLetters(inDisplayOrder(text.includes('&') ? decodeHTML(text) : text)).normalize('NFKC'));
  const flat = unspaced(toSimplified([...bareLatin(shown.replace(INVISIBLE, ''))].map((c) => SIMPLIFIED.get(c) ?? c).join('')));
  return flat.replace(/[ \t\u3000\u00a0]+/g, (gap, at: number, all: string) =>
    WORD.test(all[at - 1] ?? '') && WORD.test(all[at + gap.length] ?? '') ? ' ' : '',
  );
}

/**
 * A text spelled out one character at a time (`R e f u n d   d o n e`) read
 * as its words: single spaces inside a word go, a wider gap stays a space.
 */
function unspaced(text: string): string {
  const tokens = text.trim().split(/\s+/);
  const singles = tokens.filter((t) => [...t].length === 1).length;
  if (tokens.length < 6 || singles < tokens.length * 0.8) return text;
  return text
    .split(/\s{2,}/)
    .map((word) => word.replace(/\s/g, ''))
    .join(' ');
}

/** The plain text with no spacing, case or punctuation at all: for finding one text inside another however it was laid out. */
export function squeezed(text: string): string {
  return plainText(text)
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}
