/**
 * Risks that no anchor phrase captures: requests for other people's data, and
 * input whose shape is the attack (fake role markers, text imitating the
 * pipeline's own JSON, encoded payloads, floods of filler). These come from
 * the safety prompt's rules rather than its phrase list, so they live in code.
 */
import type { InjectionFinding } from './detect-injection.js';
import { eachMatch } from './each-match.js';
import { lastMatchingText, sourceSpan } from './text-normalize.js';

const OTHERS_DATA =
  /(?:别人|他人|其他人|其他用户|其他客户|别的用户|别的客户|其他买家|别的买家|所有用户|所有客户|全部用户|另一个用户|陌生人)的?(?:订单|手机号|电话|手机|地址|收货地址|身份证|银行卡|支付信息|信息|资料|数据|账号|姓名|记录|物流)/g;
const BULK_DATA = /(?:导出|批量查询|批量导出|列出|发我|给我)(?:所有|全部|一批)(?:的)?(?:用户|客户|买家|订单)(?:的)?(?:信息|数据|手机号|地址|资料)?/g;

/** Asking for data beyond the customer's own account. Nothing is cut out: the request itself stays visible. */
function findSensitiveRequests(source: string): InjectionFinding[] {
  const m = lastMatchingText(source);
  const findings: InjectionFinding[] = [];
  for (const re of [OTHERS_DATA, BULK_DATA]) {
    eachMatch(re, m.text, (match) =>
      findings.push({ anchor: 'others_data', tags: ['sensitive_data_request'], span: sourceSpan(m, match.index, match.index + match[0].length, source) }),
    );
  }
  return findings;
}

const FAKE_MARKER_LINE =
  /^.*(?:^\s*(?:system|assistant|developer|tool)\s*[:：]|\[(?:system|assistant|tool|developer|系统)\]|<\/?(?:system|assistant|tool|im_start|im_end)\b[^>]*>|<\|im_(?:start|end)\|>|#{2,}\s*(?:system|instruction)|【系统(?:消息|通知|指令)】|(?:^|\s)(?:系统消息|系统通知|系统指令)\s*[:：]).*$/gim;
const PIPELINE_JSON =
  /"(?:role|tool_result|tool_name|risk_level|risk_tags|allow_continue|recommended_next_step|authorization_decision|verification_status|should_tell_user_success)"\s*:/g;
const ENCODED = /[A-Za-z0-9+/]{48,}={0,2}|(?:\\x[0-9a-f]{2}){8,}|(?:%[0-9a-f]{2}){8,}|(?:\\u[0-9a-f]{4}){6,}/gi;
const FILLER = /(.{1,10}?)\1{29,}/gsu;
const TOO_LONG = 4000;

/**
 * Whether `source` can hold FILLER at all, in one pass per period and no allocation: thirty copies of a unit of
 * at most ten code points (at most twenty UTF-16 units, p) make a run of at least 29 units each equal to the one
 * p further on. Most text has none, and the expression itself is the most expensive one sim runs.
 */
function mayHoldFiller(source: string): boolean {
  const n = source.length;
  if (n < 30) return false;
  for (let p = 1; p <= 20; p++) {
    let run = 0;
    for (let j = 0; j + p < n; j++) {
      if (source.charCodeAt(j) !== source.charCodeAt(j + p)) run = 0;
      else if (++run >= 29) return true;
    }
  }
  return false;
}

/** Input whose form is the attack; each span is removed when sanitizing. */
export function findFormatAttacks(source: string): InjectionFinding[] {
  const findings: InjectionFinding[] = [];
  const add = (start: number, end: number) => findings.push({ anchor: 'abnormal_format', tags: ['abnormal_format_attack'], span: [start, end] });
  for (const re of [FAKE_MARKER_LINE, PIPELINE_JSON, ENCODED, FILLER]) {
    if (re === FILLER && !mayHoldFiller(source)) continue;
    eachMatch(re, source, (match) => {
      if (match[0].trim()) add(match.index, match.index + match[0].length);
    });
  }
  if (source.length > TOO_LONG) add(TOO_LONG, source.length);
  return findings;
}

/** Both kinds of unanchored risk. */
export function findInputAnomalies(source: string): InjectionFinding[] {
  return [...findSensitiveRequests(source), ...findFormatAttacks(source)];
}
