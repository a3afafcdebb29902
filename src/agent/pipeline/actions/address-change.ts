/**
 * An address change on an order that has not shipped. No decision table of
 * the responsibility module covers order changes, so the program proposes this
 * one write itself, from the order the request names and the new address the
 * user states, and it then goes through the same confirmation, authorization
 * and guards as any other write. Any other change to an order is for a human.
 */
import type { Output, PipelineContext } from '../pipeline-context.js';

/** "改成 / 改为 / 新地址是 …": the new address, up to the end of its clause. */
const NEW_ADDRESS = /(?:改成|改为|改到|换成|换到|修改为|修改成|更改为|更新为|变更为|新地址(?:是|为)?[:：]?)\s*([^。！？!?\n，,；;]{4,80})/;
/** Words after the address that are not part of it ("…100号吧", "…100号，谢谢"). */
const TRAILING = /(?:吧|呢|啊|哦|谢谢|麻烦了?|可以吗|行吗|好吗)+$/;

function requestedAddress(text: string): string | null {
  const m = NEW_ADDRESS.exec(text.normalize('NFKC'));
  const address = m?.[1]?.trim().replace(TRAILING, '').trim();
  return address && address.length >= 4 ? address : null;
}

/**
 * The program's decision for an address change, or null when a human must
 * handle the request: no order, no new address stated, facts that do not show
 * the order unshipped, or records that conflict.
 */
export function addressChangeDecision(ctx: PipelineContext): Output | null {
  const address = requestedAddress(ctx.userTurn);
  if (!ctx.orderId || !address || ctx.facts?.shipment_status !== 'not_shipped' || ctx.conflicts.length > 0) return null;
  return {
    decision: 'address_change_allowed',
    responsible_party: 'none',
    automation_level: 'user_confirmation_required',
    required_before_execution: ['user_confirmation'],
    next_action: 'request_user_confirmation',
    evidence_policy_ids: [],
    risk_tags: ctx.safetyRiskTags(),
    reason_summary: '订单未发货，用户要求修改收货地址',
    new_address: address,
  };
}
