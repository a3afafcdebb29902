/**
 * The question a yes answers, in the program's words: built from the pending
 * action alone (tool, order, amount, address, recipient, changes), never from
 * a model's text. A model may word the rest of a confirmation reply; what the
 * user is asked to agree to is always this sentence, so a yes can bind to the
 * action it names and to nothing else.
 */
import { answerForm } from './consent-text.js';

export interface ActionToConfirm {
  tool: string;
  args: Record<string, unknown>;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v ?? ''));

/** What the action does, in words, with every value a yes is bound to. */
function actionWords(call: ActionToConfirm): string {
  const a = call.args;
  const order = typeof a.order_id === 'string' ? `订单 ${a.order_id} ` : '';
  switch (call.tool) {
    case 'create_refund':
      return `为${order}退款 ${text(a.amount)} 元`;
    case 'create_compensation':
      return `为${order}发放补偿 ${text(a.amount)} 元`;
    case 'cancel_order':
      return `取消${order}`.trim();
    case 'modify_address':
      return `把${order}的收货地址改为 ${text(a.address)}`;
    case 'modify_order':
      return `修改${order}：${text(a.changes)}`;
    case 'create_ticket':
      return `为${order}登记投诉工单`;
    case 'send_sms':
      return `向 ${text(a.to)} 发送短信：${text(a.message)}`;
    case 'send_email':
      return `向 ${text(a.to)} 发送邮件：${text(a.message)}`;
    case 'send_enterprise_wechat_message':
      return `向 ${text(a.to)} 发送企业微信消息：${text(a.message)}`;
    default:
      return `执行 ${call.tool}（${JSON.stringify(a)}）`;
  }
}

export function confirmationQuestion(call: ActionToConfirm): string {
  return `请确认是否${actionWords(call)}？请回复“确认”继续，或告诉我您的想法。`;
}

// A sentence ends at one of these (the mark stays with it); an ellipsis, a line break or a full stop not inside a number ends one too.
const SENTENCE = /(?:[^。！？!?；;\n….]|\.(?=\d))+(?:[。！？!?；;\n…]|\.(?!\d))*/gu;
/** A question in any form: a question mark, or a Chinese question particle or form. */
const QUESTION = /[?？]|吗|嘛|呢|是否|能否|可否|要不要|好不好|行不行|可不可以|对不对|(\p{Script=Han})不\1/u;
/** Words that ask for or give an answer: a sentence with one tells the user what their answer will mean. */
const ANSWER_WORDS = /确认|同意|答复|回复|回答|回个|告诉我|是的话|好的话|\b(?:confirm|agree|reply|answer|yes|ok|okay)\b/iu;
/** Digits in any script (NFKC folds full-width ones) and Chinese numerals: the values a yes is bound to. */
const VALUES = /\d|[零〇一二两三四五六七八九十百千万亿]{2,}|[零〇一二两三四五六七八九十百千万亿]\s*[元块]|¥|\$/u;

/**
 * The model's confirmation reply, with every sentence that could tell the user
 * what they are agreeing to cut out (a question, a word about answering, a
 * value, the name of any action), and the program's question at the end: the
 * user reads one question about the action, and it is the program's.
 */
export function withProgramQuestion(modelReply: string, question: string): { reply: string; dropped: number } {
  // Split as sent, read folded: a sentence hidden by a look-alike mark stays inside a longer one and is cut with it.
  const sentences = modelReply.match(SENTENCE) ?? [];
  const kept = sentences.filter((s) => !namesAnything(s));
  const lead = kept.join('').trim();
  return { reply: lead ? `${lead}${/[。！!.…]$/u.test(lead) ? '' : '。'}${question}` : question, dropped: sentences.length - kept.length };
}

/** Words of any write, broader than the consent reader's: here a false match only cuts a sentence. */
const ANY_ACTION =
  /退|赔|补偿|补发|取消|撤|改|换|地址|发送|短信|邮件|邮箱|微信|工单|投诉|举报|登记|提交|申请|办理|执行|操作|到账|refund|compensat|cancel|chang|modif|updat|address|send|sms|text message|e-?mail|wechat|ticket|complain|submit|apply|process|proceed|money|pay/u;

/** A pointer to some other object ("另一笔", "第二个", "the other order"): the object is the question's to name. */
const OTHER_OBJECT =
  /另一|另外|其他|其它|别的|第[一二三四五六七八九十]|前者|后者|前一|后一|上一|下一|\b(?:another|other|second|first|last|previous|former|latter)\b/u;

function namesAnything(sentence: string): boolean {
  const s = answerForm(sentence);
  return QUESTION.test(s) || ANSWER_WORDS.test(s) || VALUES.test(s) || ANY_ACTION.test(s) || OTHER_OBJECT.test(s);
}
