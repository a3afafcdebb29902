/**
 * What the program reads out of a policy document that is not the rulebook:
 * the conditions it names, from a closed vocabulary, and the numbers with
 * their units. Each is a string of the program's own (a term of the list, a
 * number it formatted), so a document can choose which of them appear and
 * never put a word of its own into a decider's input.
 */

/** Conditions a policy rule is stated on; the document names them, the program writes them. */
const CONDITION_TERMS = [
  '未发货',
  '发货前',
  '已发货',
  '发货后',
  '延迟发货',
  '超过承诺发货时间',
  '超过承诺时效',
  '签收',
  '未拆封',
  '拆封',
  '质量问题',
  '无理由',
  '延误',
  '超时',
  '丢失',
  '丢件',
  '破损',
  '异常',
  '退货',
  '退款',
  '原路退回',
  '全额',
  '补偿',
  '取消',
  '修改地址',
  '工单',
  '用户确认',
  '商家',
  '平台',
  '物流承运商',
] as const;

const UNITS = ['个工作日', '工作日', '小时', '天', '日', '元', '%'] as const;
const NUMBER = new RegExp(`(\\d+(?:\\.\\d+)?)(?:(?:至|到|-|~)(\\d+(?:\\.\\d+)?))?(${UNITS.join('|')})`, 'g');

/** Width and spacing undone, so a full-width or spaced-out term still counts as named. */
function plain(text: string): string {
  return text.normalize('NFKC').replace(/[\s\u200b-\u200f\u2060\ufeff]+/g, '');
}

/** The vocabulary's conditions a document names, in the vocabulary's order. */
export function conditionsNamed(text: string): string[] {
  const t = plain(text);
  return CONDITION_TERMS.filter((term) => t.includes(term));
}

/** The numbers a document states with a unit ("3-5个工作日", "48小时"), formatted by the program. */
export function numbersStated(text: string): string[] {
  const out = new Set<string>();
  for (const m of plain(text).matchAll(NUMBER)) out.add(`${Number(m[1])}${m[2] ? `-${Number(m[2])}` : ''}${m[3]}`);
  return [...out];
}
