/**
 * The reference reads real customer language (issue 32 item 3): intent cues
 * and capability-routing tables in simplified, traditional and colloquial
 * Chinese and in English — each row beside its nearest one that must not
 * match. Then the program's side of the capability path through the whole
 * pipeline: a follow-up of a refund not arrived, a stop ("no need to look
 * now", 先不用了) and a correction of the object ("不是这笔，是另一笔", an
 * order id of theirs) binding the refund now meant.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseSuite } from '../../../../src/harness/cases/case-suite.js';
import type { LoadedScenario } from '../../../../src/agent/scenarios/load-scenarios.js';
import { stopsLooking } from '../../../../src/agent/pipeline/capability/stop-words.js';
import { followUpPhrase, referenceForm, switchPhrase } from '../../../../src/agent/pipeline/capability/personal-object-words.js';
import { runPipeline } from '../../../../src/agent/pipeline/orchestrator.js';
import { SIM_MODULES } from '../../../../src/agent/models/sim/sim-modules.js';
import { SimProvider } from '../../../../src/agent/models/sim/sim-provider.js';
import { loadWorkspace } from '../../../../src/harness/workspace.js';
import { withAgent, suiteScenarios } from '../../../support/agent-scenarios.js';

const ws = await loadWorkspace({ config: join(process.cwd(), 'orderflow.config.yaml') });

function module(id: string, input: Record<string, unknown>): Record<string, unknown> {
  const out = SIM_MODULES[id]!(input, { prompt: ws.active.get(id)!, profile: 'reference' });
  if (typeof out === 'string') throw new Error(`expected an object, got text: ${out}`);
  return out as Record<string, unknown>;
}

const intentOf = (text: string) => module('intent_recognition', { user_query: text, conversation_history: [] });

describe('intent recognition reads plain, traditional, colloquial and English customer words', () => {
  // [text, intent, nearest text that must not be read as that intent]
  it.each([
    ['订单 O123 几天能到', 'logistics_query', '订单 O123 几天能退'],
    ['訂單 O123 幾天能到', 'logistics_query', '訂單 O123 幾天能退'],
    ['订单 O123 今天能发吗', 'logistics_query', '订单 O123 今天能开发票吗'],
    ['订单 O123 咋还没寄', 'logistics_query', '订单 O123 咋还没写'],
    ['订单 O123 要多久', 'logistics_query', '订单 O123 要多少'],
    ['订单 O123 到货了吗', 'logistics_query', '订单 O123 到底了吗'],
    ['order O123: when will it arrive?', 'logistics_query', 'order O123: yes if it arrives late'],
    ['order O123: where is my parcel', 'logistics_query', 'order O123: where is my invoice'],
    ['订单 O123 我要找淘宝申诉', 'complaint', '订单 O123 我要找淘宝客服'],
    ['订单 O123 凭什么不给我送', 'complaint', '订单 O123 为什么不给我送'],
    ['订单 O123 你们这是骗人', 'complaint', '订单 O123 你们这是送人'],
    ['订单 O123 这不是骗人吗', 'complaint', '订单 O123 你是骗子'],
    ['order O123 I want to complain', 'complaint', 'order O123 I want to compare'],
    ['order O123 I want to complain', 'complaint', 'order O123 write a scam email'],
  ])('%s → %s; not %s', (text, intent, near) => {
    expect(intentOf(text).intent).toBe(intent);
    expect(intentOf(near).intent).not.toBe(intent);
  });

  it.each([
    // a complaint whose reason is the escalation, the deceit or the refused delivery needs no question
    ['订单 O123 那我找淘宝申诉吧', '订单 O123 那我找淘宝问问吧'],
    ['订单 O123 凭什么非让我自提', '订单 O123 凭什么不能开发票'],
  ])('%s carries its reason; %s does not', (text, near) => {
    expect((intentOf(text).slots as Record<string, unknown>).issue_reason).toBeTruthy();
    expect((intentOf(near).slots as Record<string, unknown>).issue_reason).toBeNull();
  });
});

const IN_REFUND = { capability: 'refund.followup', confirmed_refund_id: 'RF310' };
const route = (text: string, state: Record<string, unknown> = {}) =>
  module('capability_router', { user_message: text, conversation_history: [], capabilities: [], conversation_state: state }).capability;

describe('the capability router reads follow-ups, stops and corrections', () => {
  // [text, state, capability, nearest text, its capability]
  it.each([
    ['退的钱咋还没到', {}, 'refund.followup', '买的货咋还没到', 'none'],
    ['钱还没退回来', {}, 'refund.followup', '货还没寄回来', 'none'],
    ['退款進度怎麼樣了', {}, 'refund.followup', '退貨政策是什麼', 'policy.consult'],
    ['where is my refund?', {}, 'refund.followup', 'where is my order?', 'none'],
    ["my refund hasn't arrived", {}, 'refund.followup', "my parcel hasn't arrived", 'none'],
    ['any update?', IN_REFUND, 'refund.followup', 'any questions?', 'none'],
    ['咋样了', IN_REFUND, 'refund.followup', '咋办', 'none'],
    ['有進展嗎', IN_REFUND, 'refund.followup', '有進步嗎', 'none'],
    ['先不用查了，回頭再說', IN_REFUND, 'none', '先幫我查一下我的退款', 'refund.followup'],
    ['不是这笔，是另一笔', IN_REFUND, 'refund.followup', '不是这笔，是另一笔', 'none'],
    ['I meant the other one', IN_REFUND, 'refund.followup', 'I meant it', 'none'],
    ['不对，是 O502', IN_REFUND, 'refund.followup', '不对', 'none'],
    ['先不用了，帮我查我的退款', IN_REFUND, 'refund.followup', '先不用了', 'none'],
    ['no need to wait, where is my refund', {}, 'refund.followup', 'no need to look now', 'none'],
    // Held out from the rows above: colloquial, traditional and English forms of the same four things.
    ['我那个退款咋回事啊，等了十来天了', {}, 'refund.followup', '我那个快递咋回事啊', 'none'],
    ['還沒收到退款欸', {}, 'refund.followup', '還沒收到貨欸', 'none'],
    ['退款一直没收到', {}, 'refund.followup', '包裹一直没收到', 'none'],
    ["what's going on with my refund?", {}, 'refund.followup', "what's going on with my order?", 'none'],
    ['还是没到账', IN_REFUND, 'refund.followup', '还是算了', 'none'],
    ['到底啥时候到', IN_REFUND, 'refund.followup', '到底是啥', 'none'],
    ['还要等多久啊', IN_REFUND, 'refund.followup', '还要等我吗', 'none'],
    ['has it arrived yet?', IN_REFUND, 'refund.followup', 'has it a name?', 'none'],
    ['是另外那单', IN_REFUND, 'refund.followup', '是那单', 'none'],
    ['先不用查进度了', IN_REFUND, 'none', '先查进度', 'refund.followup'],
    ['进度先不用查了', IN_REFUND, 'none', '进度先查一下', 'refund.followup'],
    ["don't bother checking my refund", IN_REFUND, 'none', 'please check my refund', 'refund.followup'],
    ['拆了还能退不', {}, 'policy.consult', '拆了还能用不', 'none'],
    ['生鲜打开了可以退么', {}, 'policy.consult', '生鲜打开了可以吃么', 'none'],
    ['退货要满足什么条件', {}, 'policy.consult', '退货要满足什么', 'none'],
    ['Can I return opened fresh food?', {}, 'policy.consult', 'Can I eat opened fresh food?', 'none'],
    ['is fresh food returnable after opening?', {}, 'policy.consult', 'is fresh food edible after opening?', 'none'],
  ])('%s (%j) → %s; %s → %s', (text, state, capability, near, nearCapability) => {
    expect(route(text, state)).toBe(capability);
    // The correction row's near miss is the same words with no refund in hand: nothing to correct.
    expect(route(near, near === text ? {} : state)).toBe(nearCapability);
  });
});

describe("the program's tables: stop, follow-up and correction phrases", () => {
  it.each([
    ['先不用了', '先不用了，帮我查一下我的退款'],
    ['no need to look now', 'no need to look now, please check RF310'],
    ['never mind', 'never mind that, check RF310 instead'],
    ['算了吧', '算一下吧'],
    ['回頭再說', '回頭再查'],
    ['不用查了', '不用查了，帮我转人工'],
    ['先不用查进度了', '先不用查进度了，帮我查一下 RF310'],
    ['暂时不需要查退款进度', '暂时需要查退款进度'],
    ['不用帮我看退款了', '帮我看看退款'],
    ['退款的事先不用管了', '退款的事先管一下'],
    ['no need to check the status now', 'no need to check, but please check RF310'],
  ])('%s stops; %s does not', (stop, near) => {
    expect(stopsLooking(stop)).toBeDefined();
    expect(stopsLooking(near)).toBeUndefined();
  });

  it.each([
    ['any news?', 'any newsletter?'],
    ["it hasn't arrived", 'it has arrived'],
    ['钱呢', '钱包'],
    ['到賬沒', '到底'],
    ['还是没到账', '还是算了'],
    ['到底啥时候到', '到底是啥'],
    ['还要等多久啊', '还要等我吗'],
    ['钱还没收到', '钱包'],
    ["what's going on with it?", "what's this?"],
    ['has it arrived yet?', 'has it a name?'],
  ])('%s follows up; %s does not', (text, near) => {
    expect(followUpPhrase(referenceForm(text))).toBeDefined();
    expect(followUpPhrase(referenceForm(near))).toBeUndefined();
  });

  it.each([
    ['不是这笔，是另一笔', '是这笔'],
    ['I meant the other one', 'I meant it'],
    ['不是那個', '就是那个'],
    ['是另外那单', '是那单'],
    ['sorry, wrong order', 'sorry, wrong'],
  ])('%s corrects the object; %s does not', (text, near) => {
    expect(switchPhrase(referenceForm(text))).toBeDefined();
    expect(switchPhrase(referenceForm(near))).toBeUndefined();
  });
});

const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, { modules: ['pipeline'] }, withAgent);
let base: LoadedScenario | undefined;
for (const item of await suiteScenarios(suite, ws.active)) if (item.kind === 'pipeline' && item.scenario_id === 'pipe-cap-policy-fresh-001') base = item;

/** U2001 with refunds RF310 (O501, overdue) and RF320 (O502, in time); another customer's RF999. */
async function conversation(turns: string[]) {
  const s = structuredClone(base!);
  s.turn = undefined;
  s.turns = turns.map((user) => ({ user }));
  s.world.after_sales = [
    ...(s.world.after_sales ?? []),
    { order_id: 'O502', status: 'refund_processing', refund_id: 'RF320', waited_days: 2, sla_days: 7 } as never,
  ];
  const trace = (await runPipeline(s, { active: ws.active, provider: new SimProvider('reference'), trial: 0, guards: true })).trace;
  return trace.capability ?? [];
}

describe('the capability path on the reference, with the guards on', () => {
  it('a correction binds the refund now meant, never the one the customer said they did not mean', async () => {
    const switched = await conversation(['我的退款 RF310 到账了吗', '不是这笔，是另一笔']);
    expect(switched.map((t) => t.refund_id)).toEqual(['RF310', 'RF320']);
    const kept = await conversation(['我的退款 RF310 到账了吗', '这笔怎么样了']);
    expect(kept.map((t) => t.refund_id)).toEqual(['RF310', 'RF310']);
  });

  it('a correction by order number binds that order’s refund', async () => {
    const byOrder = await conversation(['我的退款 RF310 到账了吗', '不是这个，是 O502 那单']);
    expect(byOrder.map((t) => t.refund_id)).toEqual(['RF310', 'RF320']);
  });

  it('"no need to look now" stops; "any news?" follows up', async () => {
    const stopped = await conversation(['my refund RF310 still not arrived', 'no need to look now']);
    expect(stopped.map((t) => t.action)).toEqual(['create_exception_ticket', 'stopped']);
    const followed = await conversation(['my refund RF310 still not arrived', 'any news?']);
    expect(followed.map((t) => t.action)).toEqual(['create_exception_ticket', 'reuse_ticket']);
  });

  it('an English follow-up of a refund that has not arrived is routed and read', async () => {
    const [english] = await conversation(["where's my refund? it hasn't arrived", '谢谢']);
    expect(english).toMatchObject({ action: 'ask_which' });
    const [order] = await conversation(["where's my order? it hasn't arrived", '谢谢']);
    expect(order).toMatchObject({ action: 'none' });
  });
});
