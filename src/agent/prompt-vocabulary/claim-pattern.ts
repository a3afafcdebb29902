/**
 * A Claim Vocabulary wording as a matcher that runs in linear time. A wording
 * reads as its characters, with any whitespace allowed between them, and `*`
 * as up to GAP characters within one clause. As a regular expression
 * (`已[^，。]{0,8}已[^，。]{0,8}…`) each gap can take any of nine lengths and a
 * backtracking engine tries their products: eight gaps against a 200-character
 * reply never finish, and the event loop is blocked meanwhile. Here the same
 * expression runs as a Pike VM, every thread stepping through the text once,
 * in priority order, so the matches are exactly those of the regular
 * expression (leftmost, each gap as long as the rest allows), in time
 * proportional to text × wording.
 */

/** Longest run of characters one `*` stands for. */
export const GAP = 8;
/** What a gap never crosses: the end of a clause. */
const CLAUSE_END = new Set([...'，。！？；,.!?;\n'].map((c) => c.charCodeAt(0)));
const WHITESPACE = /\s/;

type Op =
  | { op: 'char'; code: number }
  | { op: 'space' }
  | { op: 'gap' }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'match' };

export interface ClaimMatch {
  index: number;
  text: string;
}

export type ClaimMatcher = (text: string) => ClaimMatch[];

export function claimMatcher(wording: string): ClaimMatcher {
  const program = compile(wording);
  return (text) => matchAll(program, text);
}

function compile(wording: string): Op[] {
  const ops: Op[] = [];
  wording.split('*').forEach((part, i) => {
    if (i > 0) {
      // Greedy {0,GAP}: each step prefers one more character, else skips to after the last.
      const splits: number[] = [];
      for (let k = 0; k < GAP; k++) {
        splits.push(ops.length);
        ops.push({ op: 'split', first: ops.length + 1, second: -1 }, { op: 'gap' });
      }
      for (const at of splits) (ops[at] as { second: number }).second = ops.length;
    }
    part
      .replace(/\s+/g, '')
      .split('')
      .forEach((unit, j) => {
        if (j > 0) {
          // Greedy \s*: take a whitespace character and come back, else go on.
          const at = ops.length;
          ops.push({ op: 'split', first: at + 1, second: at + 3 }, { op: 'space' }, { op: 'jump', to: at });
        }
        ops.push({ op: 'char', code: unit.charCodeAt(0) });
      });
  });
  ops.push({ op: 'match' });
  return ops;
}

interface Thread {
  pc: number;
  start: number;
}

function matchAll(program: Op[], text: string): ClaimMatch[] {
  const out: ClaimMatch[] = [];
  let from = 0;
  while (from <= text.length) {
    const found = leftmost(program, text, from);
    if (!found) break;
    out.push({ index: found.start, text: text.slice(found.start, found.end) });
    from = found.end > found.start ? found.end : found.end + 1;
  }
  return out;
}

/** The first match at or after `from`, as a backtracking engine would choose it. */
function leftmost(program: Op[], text: string, from: number): { start: number; end: number } | null {
  const seen = new Int32Array(program.length).fill(-1);
  let current: Thread[] = [];
  let best: { start: number; end: number } | null = null;
  for (let at = from; at <= text.length; at++) {
    // A new start has the lowest priority, and none is needed once something matched.
    if (!best) add(program, current, seen, at, { pc: 0, start: at });
    if (current.length === 0) break;
    const next: Thread[] = [];
    const code = at < text.length ? text.charCodeAt(at) : -1;
    for (const thread of current) {
      const op = program[thread.pc]!;
      if (op.op === 'match') {
        best = { start: thread.start, end: at };
        // Every thread after this one has a lower priority.
        break;
      }
      if (code >= 0 && accepts(op, code)) add(program, next, seen, at + 1, { pc: thread.pc + 1, start: thread.start });
    }
    current = next;
  }
  return best;
}

function accepts(op: Op, code: number): boolean {
  if (op.op === 'char') return op.code === code;
  if (op.op === 'space') return WHITESPACE.test(String.fromCharCode(code));
  return op.op === 'gap' && !CLAUSE_END.has(code);
}

/** Follows splits and jumps in priority order; a state already reached at this position is taken by an earlier thread. */
function add(program: Op[], list: Thread[], seen: Int32Array, at: number, thread: Thread): void {
  if (seen[thread.pc] === at) return;
  seen[thread.pc] = at;
  const op = program[thread.pc]!;
  if (op.op === 'jump') {
    add(program, list, seen, at, { pc: op.to, start: thread.start });
    return;
  }
  if (op.op === 'split') {
    add(program, list, seen, at, { pc: op.first, start: thread.start });
    add(program, list, seen, at, { pc: op.second, start: thread.start });
    return;
  }
  list.push(thread);
}
