/**
 * The conversation's stop state (docs/spec/capability-routing.md#the-stop-state): after "先别处理了" / "stop"
 * nothing new is processed until the user asks again explicitly. A greeting,
 * a thank-you or a bare "好的" resumes nothing: they carry no request, and a
 * "好的" may be an answer to a question the agent no longer asks. Stopping new
 * processing withdraws nothing already done; that is a business action of its own.
 */
import { answerForm } from './consent/consent-text.js';
import { DECLINE, STOP } from './consent/consent-vocabulary.js';
import type { PipelineTrace, StopSpan } from './trace.js';

/** Words that ask for something to be done or looked at: with one, a message is a request of its own. */
const REQUEST =
  /退款|退钱|退货|退|补偿|赔|取消|地址|修改|处理|办理|申请|提交|继续|恢复|重新|发送|投诉|工单|查|\brefund|\bcancel|\bcompensat|\bprocess|\bproceed|\bresume|\bcontinue|\bsubmit|\bapply|\bchange|\baddress|\bsend|\bcomplain|\bticket|\btrack|\bcheck/;

export function asksToStop(text: string): boolean {
  return STOP.test(answerForm(text));
}

/** The form of a request ("我要", "帮我", "please"), as opposed to a mention in a thank-you or an acknowledgement. */
const ASKING =
  /我要|我想|想要|帮我|请|麻烦|给我|继续|恢复|重新|还是|现在|能不能|可以.{0,12}[吗了]|(?:退款|退|处理|办|申请|取消|补偿|赔|查)(?:一下)?吧|\bplease\b|\bi want\b|\bi'?d like\b|\bi would like\b|\bcan you\b|\bcould you\b|\bgo ahead\b|\bresume\b|\bcontinue\b/;

/** A new, explicit request: it names something to do in the form of asking for it, and is neither a stop nor a no. */
export function asksExplicitly(text: string): boolean {
  const t = answerForm(text);
  return REQUEST.test(t) && ASKING.test(t) && !STOP.test(t) && !DECLINE.test(t);
}

export function stopInForce(trace: PipelineTrace): StopSpan | null {
  const last = trace.stop_state?.at(-1);
  return last && last.lifted_in_turn === null ? last : null;
}

export function setStop(trace: PipelineTrace, turn: number): void {
  if (stopInForce(trace)) return;
  (trace.stop_state ??= []).push({ set_in_turn: turn, lifted_in_turn: null });
}

export function liftStop(trace: PipelineTrace, turn: number): void {
  const span = stopInForce(trace);
  if (span) span.lifted_in_turn = turn;
}
