import type { ScoreFacts } from '../score-facts.js';

export interface ToolMatch {
  /** The set of tools called is the set expected. */
  exact: boolean;
  proposed: number;
  expected: number;
  matched: number;
  argsChecked: number;
  argsRight: number;
}

/** The calls of one scenario against its expected calls, for the four tool-call metrics. */
export function toolMatch(tools: NonNullable<ScoreFacts['tools']>): ToolMatch {
  const expected = tools.expected.map((c) => c.tool_name);
  const actual = tools.actual.map((c) => c.tool_name);
  const m: ToolMatch = {
    exact: new Set(expected).size === new Set(actual).size && expected.every((t) => actual.includes(t)),
    proposed: actual.length,
    expected: expected.length,
    matched: 0,
    argsChecked: 0,
    argsRight: 0,
  };
  // Multiset intersection: a tool expected once and called twice matches once. Each expected call
  // takes a call of its tool with its arguments if there is one (two orders, one tool), those with
  // arguments first so that an expectation without any cannot take the call another one needs.
  const remaining = [...tools.actual];
  const wants = [...tools.expected.filter((w) => w.args), ...tools.expected.filter((w) => !w.args)];
  for (const want of wants) {
    const argsMatch = (c: (typeof remaining)[number]) => Object.entries(want.args ?? {}).every(([k, v]) => c.args[k] === v);
    const sameTool = remaining.filter((c) => c.tool_name === want.tool_name);
    const call = sameTool.find(argsMatch) ?? sameTool[0];
    if (!call) continue;
    remaining.splice(remaining.indexOf(call), 1);
    m.matched += 1;
    if (!want.args) continue;
    m.argsChecked += 1;
    if (argsMatch(call)) m.argsRight += 1;
  }
  return m;
}
