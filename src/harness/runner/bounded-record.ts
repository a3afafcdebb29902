/**
 * What a model says is stored only up to a bound: a reply of megabytes (a
 * model stuck in a loop, a hostile server) must not turn into gigabytes of
 * results, reports and memory. Every string of a stored record is cut to its
 * first 64 KiB; the model output keeps its full size in raw_output_bytes.
 */
import type { CaseResult, RunHeader } from './case-result.js';

const MAX_STORED_TEXT_BYTES = 64 * 1024;
/** A UTF-8 character is at most 3 bytes per UTF-16 unit: a line this short holds no string over the bound. */
const ALWAYS_WITHIN = Math.floor(MAX_STORED_TEXT_BYTES / 3);

/** The results.jsonl line of a record, long texts cut. */
export function boundedJson(record: CaseResult | RunHeader): string {
  const line = JSON.stringify(record);
  return line.length <= ALWAYS_WITHIN ? line : JSON.stringify(boundRecord(record));
}

function boundRecord<T extends CaseResult | RunHeader>(record: T): T {
  if (record.type !== 'case_result' || record.raw_output === undefined) return boundStrings(record) as T;
  const { raw_output, ...rest } = record;
  const bytes = Buffer.byteLength(raw_output, 'utf8');
  const bounded = boundStrings(rest) as CaseResult;
  if (bytes <= MAX_STORED_TEXT_BYTES) return { ...bounded, raw_output } as T;
  return { ...bounded, raw_output: utf8Prefix(raw_output, MAX_STORED_TEXT_BYTES), raw_output_bytes: bytes } as T;
}

function boundStrings(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.length <= ALWAYS_WITHIN) return value;
    const bytes = Buffer.byteLength(value, 'utf8');
    return bytes <= MAX_STORED_TEXT_BYTES ? value : `${utf8Prefix(value, MAX_STORED_TEXT_BYTES)}… [cut: ${bytes} bytes in all]`;
  }
  if (Array.isArray(value)) return value.map(boundStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, boundStrings(v)]));
  return value;
}

/** The longest prefix of at most maxBytes UTF-8 bytes that does not split a character. */
function utf8Prefix(text: string, maxBytes: number): string {
  const cut = Buffer.from(text.slice(0, maxBytes), 'utf8').subarray(0, maxBytes).toString('utf8');
  return cut.endsWith('\uFFFD') && !text.startsWith(cut) ? cut.slice(0, -1) : cut;
}
