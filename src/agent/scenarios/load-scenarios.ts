/**
 * Loads and validates scenario files: the zod shape, then what only the whole
 * scenario can tell — orders referenced but missing from the world, unknown
 * tools, an injection planted somewhere that does not exist, expected values
 * the active prompts cannot produce. Every problem names file, line and field.
 */
import type { Problem } from '../../harness/base/errors.js';
import type { PromptFile } from '../../harness/registry/prompt-file.js';
import { schemaAt } from '../../harness/registry/schema-tree.js';
import { readableIssues, unknownKeyMessage } from '../../harness/base/schema-issues.js';
import { parseDataFile } from '../../harness/base/source-positions.js';
import { ScenarioFileSchema, type ExpectedCall, type Scenario, type World } from './scenario-schema.js';
import { z } from 'zod';
import { KNOWN_TOOLS, READ_TOOLS, TEXT_FIELDS, TOOL_ARGS } from '../vocabulary/tool-catalog.js';
import { REQUEST_TOOLS } from '../vocabulary/seed-contracts.js';

export interface LoadedScenario extends Scenario {
  kind: 'pipeline';
  file: string;
  line: number;
}

export function parseScenarioFile(file: string, text: string, active: Map<string, PromptFile>, problems: Problem[]): LoadedScenario[] {
  const parsed = parseDataFile(text, 'scenarios');
  if (parsed.error) {
    problems.push({ file, line: parsed.error.line, message: `YAML does not parse: ${parsed.error.message}`, severity: 'error' });
    return [];
  }
  const result = ScenarioFileSchema.safeParse(parsed.value);
  if (!result.success) {
    for (const issue of readableIssues(result.error.issues)) {
      const message = issue.unknownKey ? unknownKeyMessage('field', issue.didYouMean) : issue.message;
      problems.push({ file, line: parsed.lineOf(issue.path), field: issue.path.map(String).join('.'), message, severity: 'error' });
    }
    return [];
  }
  return result.data.scenarios.map((scenario, index) => {
    const at = (...path: PropertyKey[]) => parsed.lineOf(['scenarios', index, ...path]);
    const add = (path: PropertyKey[], message: string, expected?: string) =>
      problems.push({
        file,
        line: at(...path),
        field: `${scenario.scenario_id}: ${path.map(String).join('.')}`,
        message,
        severity: 'error',
        ...(expected ? { expected } : {}),
      });
    validateScenario(scenario, active, add);
    const idle = goalThatMeasuresNothing(scenario);
    if (idle)
      problems.push({
        file,
        line: at('injection', 'goals'),
        field: `${scenario.scenario_id}: injection.goals`,
        message: idle,
        severity: 'warning',
        expected: 'twin_of naming the benign scenario (the goal is then read as a write the twin would not make), or a goal such as { effect: ... }',
      });
    return { ...scenario, kind: 'pipeline' as const, file, line: at() };
  });
}

type Add = (path: PropertyKey[], message: string, expected?: string) => void;

/** write_executed where the user's own request is a write, and no benign twin to read it against: the benign outcome satisfies it. */
function goalThatMeasuresNothing(s: Scenario): string | null {
  const e = s.expected;
  // An expected write, or the request's write forbidden outright, and the goal already means "a write beyond that".
  if (!s.injection?.goals.includes('write_executed') || s.twin_of || e.tool_calls.length > 0 || (e.effects?.length ?? 0) > 0 || e.never_execute.length > 0)
    return null;
  const intents = [e.intent, ...(e.secondary_intents ?? [])].filter((i): i is string => Boolean(i));
  const write = intents.find((i) => REQUEST_TOOLS[i] !== undefined);
  return write ? `goal write_executed measures nothing here: the user's own request (${write}) is a write, which the benign outcome makes too` : null;
}

function validateScenario(s: Scenario, active: Map<string, PromptFile>, add: Add): void {
  const w = s.world;
  const orders = new Set(w.orders.map((o) => o.order_id));
  const known = [...orders].join(', ') || 'none';
  checkWorldRefs(w, orders, known, add);
  const docIds = new Set(w.policies.map((p) => p.doc_id));

  checkInjectionAndTurns(s, docIds, add);
  const inj = s.injection;
  const checkCall = (path: PropertyKey[], c: ExpectedCall, args: ArgsCheck = 'effect') => checkExpectedCall({ add, orders, known }, path, c, args);
  s.turns?.forEach((t, i) => {
    if (t.confirms) checkCall(['turns', i, 'confirms'], t.confirms, 'names');
  });
  s.expected.effects?.forEach((c, i) => {
    checkCall(['expected', 'effects', i], c);
  });
  s.expected.allowed_effects.forEach((c, i) => {
    checkCall(['expected', 'allowed_effects', i], c);
  });
  inj?.goals.forEach((g, i) => {
    if (typeof g === 'object' && 'effect' in g) checkCall(['injection', 'goals', i, 'effect'], g.effect);
  });

  const e = s.expected;
  e.tool_calls.forEach((c, i) => {
    checkCall(['expected', 'tool_calls', i], c, 'strict');
  });
  (s.confirms ?? []).forEach((tool, i) => {
    if (!KNOWN_TOOLS.includes(tool)) add(['confirms', i], `unknown tool "${tool}"`, KNOWN_TOOLS.join(', '));
  });
  e.never_execute.forEach((tool, i) => {
    if (!KNOWN_TOOLS.includes(tool)) add(['expected', 'never_execute', i], `unknown tool "${tool}"`, KNOWN_TOOLS.join(', '));
    else if (e.tool_calls.some((c) => c.tool_name === tool))
      add(['expected', 'never_execute', i], `${tool} is also an expected tool call: the scenario can never pass`);
  });
  (s.confirms ?? []).forEach((tool, i) => {
    if ((READ_TOOLS as readonly string[]).includes(tool)) add(['confirms', i], `${tool} is a read tool; a user confirms writes only`);
  });
  w.messages.forEach((m, i) => {
    if (!KNOWN_TOOLS.includes(m.tool))
      add(['world', 'messages', i, 'tool'], `unknown tool "${m.tool}"`, KNOWN_TOOLS.filter((t) => t.startsWith('send_')).join(', '));
  });
  e.rejected_evidence_ids.forEach((id, i) => {
    if (e.evidence_ids.includes(id)) add(['expected', 'rejected_evidence_ids', i], `${id} is also in evidence_ids: the scenario can never pass`);
  });
  e.reply_must_include.forEach((phrase, i) => {
    if (e.forbidden_reply_phrases.some((f) => phrase.includes(f)))
      add(['expected', 'reply_must_include', i], `"${phrase}" contains a forbidden reply phrase: the scenario can never pass`);
  });
  for (const [key, id] of [
    ['policies', 'doc_id'],
    ['tickets', 'ticket_id'],
  ] as const) {
    const ids = (w[key] as Record<string, unknown>[]).map((r) => r[id]).filter((v) => v !== undefined && v !== null);
    const twice = ids.find((v, i) => ids.indexOf(v) !== i);
    if (twice !== undefined) add(['world', key], `${id} ${String(twice)} is listed twice`);
  }
  for (const key of ['evidence_ids', 'rejected_evidence_ids'] as const) {
    e[key].forEach((id, i) => {
      if (!docIds.has(id)) add(['expected', key, i], `no policy document "${id}" in the world`, [...docIds].join(', ') || 'none');
    });
  }
  const refs = e.handoff_summary?.order_refs;
  if (Array.isArray(refs))
    refs.forEach((ref, i) => {
      if (!orders.has(String(ref))) add(['expected', 'handoff_summary', 'order_refs', i], `order ${String(ref)} is not in the world's orders`, known);
    });
  checkExpectedEnums(e, active, add);
  if (s.twin_of === s.scenario_id) add(['twin_of'], 'a scenario cannot be its own twin');
}

/** The world's records name orders the world holds, and its faults tools that exist. */
function checkWorldRefs(w: World, orders: ReadonlySet<string>, known: string, add: Add): void {
  const duplicate = w.orders.find((o, i) => w.orders.findIndex((x) => x.order_id === o.order_id) !== i);
  if (duplicate) add(['world', 'orders'], `order ${duplicate.order_id} is listed twice`);
  for (const key of ['logistics', 'payments', 'after_sales'] as const) {
    w[key].forEach((record, i) => {
      if (!orders.has(record.order_id)) add(['world', key, i, 'order_id'], `order ${record.order_id} is not in the world's orders`, known);
    });
  }
  w.tickets.forEach((t, i) => {
    if (t.order_id !== null && !orders.has(t.order_id)) add(['world', 'tickets', i, 'order_id'], `order ${t.order_id} is not in the world's orders`, known);
  });
  w.faults.forEach((f, i) => {
    if (!KNOWN_TOOLS.includes(f.tool)) add(['world', 'faults', i, 'tool'], `unknown tool "${f.tool}"`, KNOWN_TOOLS.join(', '));
  });
}

/** The injection is planted where text can go, and the turns are given once. */
function checkInjectionAndTurns(s: Scenario, docIds: ReadonlySet<string>, add: Add): void {
  const inj = s.injection;
  if (inj?.placement === 'tool_output') {
    const readable = Object.keys(TEXT_FIELDS);
    if (!inj.target || !readable.includes(inj.target))
      add(['injection', 'target'], `cannot plant text in the output of "${inj.target ?? ''}"`, readable.join(', '));
  }
  if (inj?.placement === 'retrieved_document' && (!inj.target || !docIds.has(inj.target))) {
    add(
      ['injection', 'target'],
      `no policy document "${inj.target ?? ''}" in the world to plant the text in`,
      [...docIds].join(', ') || 'a doc_id of world.policies',
    );
  }
  if (inj?.placement === 'user_turn' && inj.target) add(['injection', 'target'], 'a user_turn injection has no target');
  if (s.turn === undefined && s.turns === undefined) add(['turn'], 'a scenario needs a user turn', 'turn: <text>, or turns: [{ user: <text> }, ...]');
  if (s.turn !== undefined && s.turns !== undefined) add(['turns'], 'give either turn or turns, not both');
  const turnCount = s.turns?.length ?? 1;
  if (inj?.turn !== undefined) {
    if (inj.placement !== 'user_turn') add(['injection', 'turn'], 'only a user_turn injection arrives with a given turn');
    else if (inj.turn > turnCount) add(['injection', 'turn'], `the scenario has ${turnCount} user turn(s)`, `1..${turnCount}`);
  }
}

type ArgsCheck = 'strict' | 'names' | 'effect';

interface CallCheck {
  add: Add;
  orders: ReadonlySet<string>;
  /** The world's order ids, for the message. */
  known: string;
}

/**
 * `args` of an expected call (`tool_calls`) are compared with the call's own arguments, strictly;
 * of a confirmation, with the arguments asked about, numbers loosely; of an effect, with the
 * effect on the world, which names what changed (`phone` for modify_order), not the arguments.
 */
function checkExpectedCall({ add, orders, known }: CallCheck, path: PropertyKey[], c: ExpectedCall, args: ArgsCheck): void {
  if (!KNOWN_TOOLS.includes(c.tool_name)) add([...path, 'tool_name'], `unknown tool "${c.tool_name}"`, KNOWN_TOOLS.join(', '));
  else if ((READ_TOOLS as readonly string[]).includes(c.tool_name)) add([...path, 'tool_name'], `${c.tool_name} is a read tool; only writes change the world`);
  const order = c.args?.order_id;
  if (typeof order === 'string' && !orders.has(order)) add([...path, 'args', 'order_id'], `order ${order} is not in the world's orders`, known);
  // An argument the tool does not take, or of another type, can never equal what the tool is called with.
  const shape = TOOL_ARGS[c.tool_name];
  if (args !== 'effect' && shape instanceof z.ZodObject && c.args) {
    for (const [key, value] of Object.entries(c.args)) {
      const field = (shape.shape as Record<string, z.ZodType>)[key];
      if (!field) add([...path, 'args', key], `${c.tool_name} takes no argument "${key}"`, Object.keys(shape.shape).join(', '));
      else if (args === 'strict' && !field.safeParse(value).success)
        add([...path, 'args', key], `${JSON.stringify(value)} is not a value ${c.tool_name} takes for ${key}`, describeArg(field));
    }
  }
}

/** Expected intents, decisions and parties are values the active prompts' Output Schemas allow. */
function checkExpectedEnums(e: Scenario['expected'], active: Map<string, PromptFile>, add: Add): void {
  checkEnum(add, ['expected', 'intent'], e.intent, active.get('intent_recognition'), 'intent');
  // Secondary intents are named from the same taxonomy as the primary one.
  (e.secondary_intents ?? []).forEach((i, n) => {
    checkEnum(add, ['expected', 'secondary_intents', n], i, active.get('intent_recognition'), 'intent');
  });
  for (const d of [e.decision ?? []].flat()) checkEnum(add, ['expected', 'decision'], d, active.get('responsibility_attribution'), 'decision');
  for (const p of [e.responsible_party ?? []].flat())
    checkEnum(add, ['expected', 'responsible_party'], p, active.get('responsibility_attribution'), 'responsible_party');
}

function checkEnum(add: Add, path: PropertyKey[], value: string | undefined, prompt: PromptFile | undefined, field: string): void {
  if (value === undefined || !prompt?.outputSchema) return;
  const at = schemaAt(prompt.outputSchema.tree, field);
  const node = at?.kind === 'array' ? at.items : at;
  if (node?.kind === 'enum' && !node.values.includes(value)) add(path, `"${value}" is not an allowed ${field} in ${prompt.fileName}`, node.values.join(' | '));
}

/** What a tool argument takes, in words, for the error that refuses another value. */
function describeArg(field: z.ZodType): string {
  const type = (field as { def?: { type?: string; innerType?: { def?: { type?: string } } } }).def;
  const name = type?.type === 'nullable' || type?.type === 'optional' ? type.innerType?.def?.type : type?.type;
  return name === 'number' ? 'a number (unquoted)' : name === 'string' ? 'text' : `a ${name ?? 'value'} of the tool's argument schema`;
}
