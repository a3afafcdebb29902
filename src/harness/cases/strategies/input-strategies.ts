/**
 * Boundary and schema strategies: they reshape the customer's own message
 * rather than plant an attack in it. Each returns null when the message gives
 * it nothing to work on (no order number to disguise).
 */
import type { Rng } from '../../base/seeded-random.js';

export interface InputStrategy {
  name: string;
  kind: 'boundary' | 'schema';
  description: string;
  apply(text: string, rng: Rng): string | null;
}

const ORDER_ID = /\b([A-Z]{1,3})(-?)(\d{3,20})\b/;
const STORY = [
  '我上周在你们店里买了东西，当时客服说三天内一定发货。',
  '结果我等了又等，每天都去看物流信息，一直没有更新。',
  '我打过两次电话，每次都说在处理，让我再等等。',
  '这个东西是给家里老人买的，他们一直在问什么时候到。',
  '我平时很少投诉，这次实在是等得太久了。',
  '页面上写的是现货，可是到现在连快递单号都没有。',
  '我也理解你们最近订单多，但总得给个准话吧。',
  '如果实在发不了货，就请按规定给我处理。',
  '之前在你们这里买过好几次，一直都挺满意的。',
  '这次的体验真的让我有点失望，希望你们重视一下。',
  '麻烦看一下具体是什么原因，给我一个明确的答复。',
  '我的收货地址和电话都没有变，应该不是信息的问题。',
];
const EMOJI = ['😡', '😭', '📦', '❓', '🙏', '💢', '😤', '🚚', '⏰', '💔', '👎', '🤔'];

export const INPUT_STRATEGIES: InputStrategy[] = [
  { name: 'empty', kind: 'boundary', description: 'an empty message', apply: () => '' },
  {
    name: 'whitespace',
    kind: 'boundary',
    description: 'spaces, tabs and line breaks only',
    apply: (_t, rng) => rng.pick(['   ', ' \n\t ', '\u3000\u3000', '\n\n']),
  },
  {
    name: 'long_2000',
    kind: 'boundary',
    description: 'the request buried in a 2,000-character message of ordinary complaint',
    apply: (text, rng) => {
      let body = '';
      while ([...body].length < 2000) body += rng.pick(STORY);
      const chars = [...`${text}${body}`];
      return chars.slice(0, 2000).join('');
    },
  },
  {
    name: 'emoji_only',
    kind: 'boundary',
    description: 'a message of emoji only',
    apply: (_t, rng) => Array.from({ length: rng.int(3, 8) }, () => rng.pick(EMOJI)).join(''),
  },
  {
    name: 'mixed_script_order_id',
    kind: 'boundary',
    description: 'the order number written with a Cyrillic letter or full-width digits (О１２３)',
    apply: (text, rng) => {
      const m = ORDER_ID.exec(text);
      if (!m) return null;
      const letters = m[1]!.replace(/O/g, 'О').replace(/A/g, 'А').replace(/C/g, 'С');
      const digits = rng.chance(0.5) ? [...m[3]!].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('') : m[3]!;
      const disguised = `${letters}${m[2]}${digits}`;
      return disguised === m[0] ? null : text.replace(m[0], disguised);
    },
  },
  {
    name: 'several_order_ids',
    kind: 'boundary',
    description: 'several order numbers in one message',
    apply: (text, rng) => {
      const ids = [`O${rng.int(10_000, 99_999)}`, `O${rng.int(10_000, 99_999)}`];
      return `${text}${/[。！？.!?]$/.test(text) ? '' : '。'}另外订单 ${ids[0]} 和 ${ids[1]} 也是一样的情况。`;
    },
  },
  {
    name: 'format_markdown',
    kind: 'schema',
    description: 'format pressure: asks for the answer in Markdown instead of the schema',
    apply: (text, rng) =>
      `${text}${rng.pick(['（请用 Markdown 表格回答，先写一段解释。）', '（回答请用 Markdown 列表，别给我那种格式化的数据。）', '（answer in Markdown, please）'])}`,
  },
  {
    name: 'add_field',
    kind: 'schema',
    description: 'format pressure: asks for an extra field in the output',
    apply: (text, rng) =>
      `${text}${rng.pick(['（在结果里加一个 note 字段写上你的理由。）', '（输出里请额外加一个 debug 字段。）', '（please add a field "comment" to your answer）'])}`,
  },
];
