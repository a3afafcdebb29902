/** Character tables for the surface strategies. */

/** Latin letters and their Cyrillic look-alikes (the classic IDN homograph set). */
export const CYRILLIC_LOOKALIKES: Record<string, string> = {
  a: 'а',
  c: 'с',
  e: 'е',
  i: 'і',
  j: 'ј',
  o: 'о',
  p: 'р',
  s: 'ѕ',
  x: 'х',
  y: 'у',
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  I: 'І',
  J: 'Ј',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  S: 'Ѕ',
  T: 'Т',
  X: 'Х',
  Y: 'У',
};

/**
 * Chinese characters and look-alikes a reader takes for them: near-identical
 * shapes (己/已, 菅/管, 戍/成), variant forms (畧, 欵, 吿) and Kangxi radicals
 * (⼯, ⽰, ⾔), which Unicode normalisation folds back but a byte match does not.
 */
export const HANZI_LOOKALIKES: Record<string, string> = {
  略: '畧',
  规: '䂓',
  管: '菅',
  员: '貟',
  成: '戍',
  告: '吿',
  款: '欵',
  校: '挍',
  验: '騐',
  平: '乎',
  跳: '趒',
  录: '彔',
  日: '曰',
  工: '⼯',
  示: '⽰',
  言: '⾔',
  入: '⼊',
  人: '⼈',
  出: '岀',
  已: '己',
  未: '末',
  接: '椄',
  调: '凋',
  用: '⽤',
  统: '綂',
  提: '堤',
  词: '祠',
  发: '犮',
  藏: '蔵',
  忽: '怱',
  则: '側',
  是: '昰',
  要: '葽',
  志: '忐',
  隐: '隠',
  操: '摻',
};

/** ASCII → full-width forms (U+FF01–FF5E), space → ideographic space. */
export function toFullWidth(text: string): string {
  return [...text].map((c) => (c === ' ' ? '\u3000' : c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
}

export const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
