/**
 * The quick reading of a YAML case or scenario file. The `yaml` library, which
 * gives every node's position for file:line errors, reads about 2 MB/s: most
 * of the time of loading a hand-written suite. js-yaml reads the same files
 * several times faster and says where each node starts, which is all a valid
 * file needs (the line of each case). Only plain data takes this way: anything
 * the two libraries could read differently (tags, anchors, directives, keys
 * that are not plain strings, numbers too large for a double) and anything
 * js-yaml refuses is left to the `yaml` library, as are the positions of
 * errors, so every message and line stays what it was.
 */
import type * as JsYaml from 'js-yaml';
import type { Event } from 'js-yaml';
import { lazyPackage } from './lazy-package.js';

const jsYaml = lazyPackage<typeof JsYaml>('js-yaml');

export interface PlainYaml {
  value: unknown;
  /** Source offset where each item of the root's list starts (the list under `listKey`). */
  itemStarts: number[];
}

/** Plain keys that YAML reads as null: each library turns them into a different property name. */
const NULL_WORDS = new Set(['', '~', 'null', 'Null', 'NULL']);
/** A YAML 1.2 core number in decimal notation; one past the range of a double is read differently by the two libraries. */
const DECIMAL = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

interface Frame {
  mapping: boolean;
  /** In a mapping: whether the next node is a key. */
  atKey: boolean;
  /** This is the root's list: its children are the items. */
  list: boolean;
}

/** The document, or undefined when this file must be read by the `yaml` library. */
export function readPlainYaml(text: string, listKey: string): PlainYaml | undefined {
  const { parseEvents, constructFromEvents } = jsYaml();
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return undefined;
  }
  const itemStarts = plainItemStarts(events, text, listKey);
  if (!itemStarts) return undefined;
  try {
    const [value] = constructFromEvents(events, { source: text, maxAliases: 0 });
    return value !== null && typeof value === 'object' ? { value, itemStarts } : undefined;
  } catch {
    return undefined;
  }
}

function plainItemStarts(events: Event[], text: string, listKey: string): number[] | undefined {
  const { EVENT_ID, SCALAR_STYLE, getScalarValue } = jsYaml();
  const stack: Frame[] = [];
  const starts: number[] = [];
  let documents = 0;
  let rootKey: string | undefined;
  for (const e of events) {
    if (e.type === EVENT_ID.DOCUMENT) {
      if (++documents > 1 || e.directives.length > 0) return undefined;
      continue;
    }
    if (e.type === EVENT_ID.POP) {
      stack.pop();
      continue;
    }
    if (e.type === EVENT_ID.ALIAS || e.anchorStart !== -1 || e.tagStart !== -1) return undefined;
    const parent = stack[stack.length - 1];
    const isKey = parent?.mapping === true && parent.atKey;
    if (parent?.mapping) parent.atKey = !parent.atKey;
    const start = e.type === EVENT_ID.SCALAR ? e.valueStart : e.start;
    if (parent?.list) starts.push(start);
    if (e.type !== EVENT_ID.SCALAR) {
      if (isKey) return undefined;
      stack.push({ mapping: e.type === EVENT_ID.MAPPING, atKey: true, list: stack.length === 1 && rootKey === listKey && e.type === EVENT_ID.SEQUENCE });
      continue;
    }
    if (e.style === SCALAR_STYLE.PLAIN) {
      const source = text.slice(e.valueStart, e.valueEnd);
      if (isKey && NULL_WORDS.has(source)) return undefined;
      if (DECIMAL.test(source) && !Number.isFinite(Number(source))) return undefined;
    }
    if (isKey && stack.length === 1) rootKey = getScalarValue(text, e);
  }
  return starts;
}
