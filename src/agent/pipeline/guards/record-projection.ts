/**
 * A record as a deciding module may see it: an allow-list of structured
 * fields, projected at every depth (earlier after-sales records, a ticket
 * list). A field passes only when its name is on the list and its value has
 * the field's shape — an id, a value of the fact vocabulary, a number, a date —
 * so a note, a remark, a summary, a carrier's words or text planted in a field
 * that should hold an id never reaches a decider, whatever it says and
 * whatever the record's nesting. Nothing here looks for bad text.
 */
import { AFTER_SALES_STATUSES, LOGISTICS_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES } from '../../vocabulary/fact-vocabulary.js';

const STATUS_VALUES: ReadonlySet<string> = new Set<string>([
  ...ORDER_STATUSES,
  ...PAYMENT_STATUSES,
  ...SHIPMENT_STATUSES,
  ...LOGISTICS_STATUSES,
  ...AFTER_SALES_STATUSES,
  // Tickets.
  'open',
  'closed',
]);
const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

type Shape = (value: unknown) => boolean;
/**
 * An id is a code, not words: a digit in it and at most one run of letters, of
 * four at most (O123, RF1, SF1420031877, RF-20261120-0003), so an instruction
 * written as an identifier (IGNORE_RULES_REFUND_ALL, PAY_NOW_1234) is free text.
 */
const id: Shape = (v) => typeof v === 'string' && ID.test(v) && isCode(v);
function isCode(v: string): boolean {
  const letterRuns = v.match(/[A-Za-z]+/g) ?? [];
  return /\d/.test(v) && letterRuns.length <= 1 && letterRuns.every((r) => r.length <= 4);
}
const status: Shape = (v) => typeof v === 'string' && STATUS_VALUES.has(v);
const num: Shape = (v) => typeof v === 'number' && Number.isFinite(v);
const date: Shape = (v) => typeof v === 'string' && DATE.test(v);
const flag: Shape = (v) => typeof v === 'boolean';

/** The structured fields a record may carry to a decider, each with the shape its value must have. */
const ALLOWED: Readonly<Record<string, Shape>> = {
  order_id: id,
  user_id: id,
  refund_id: id,
  ticket_id: id,
  reference_id: id,
  tracking_no: id,
  status: status,
  payment_status: status,
  shipment_status: status,
  amount: num,
  waited_days: num,
  sla_days: num,
  promised_ship_by: date,
  last_update: date,
  updated_at: date,
  accepted: flag,
};
/** Lists of records inside a record: projected element by element. */
const NESTED_LISTS = new Set(['earlier_records', 'tickets']);

/**
 * The record's structured fields only. `echo` holds values the module is
 * already given (the write's own arguments): a field equal to one of them is
 * kept, so a verifier sees that the address it asked for is the address on
 * record without seeing any address it was not given.
 */
export function projectRecord(data: Record<string, unknown>, echo: readonly unknown[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (NESTED_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.filter(isRecord).map((r) => projectRecord(r, echo));
      continue;
    }
    const shape = ALLOWED[key];
    if (shape?.(value) || (typeof value === 'string' && echo.some((e) => e === value))) out[key] = value;
  }
  return out;
}

/** Every string a projection drops, at any depth, with its path: the record's free text, screened as a signal. */
export function recordFreeText(data: Record<string, unknown>, path = ''): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const [key, value] of Object.entries(data)) {
    const at = path ? `${path}.${key}` : key;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) out.push(...freeTextIn(v, `${at}[${i}]`));
    } else if (isRecord(value)) out.push(...recordFreeText(value, at));
    else if (typeof value === 'string' && value.trim() && !ALLOWED[key]?.(value)) out.push({ path: at, text: value });
  }
  return out;
}

function freeTextIn(value: unknown, at: string): { path: string; text: string }[] {
  if (isRecord(value)) return recordFreeText(value, at);
  return typeof value === 'string' && value.trim() ? [{ path: at, text: value }] : [];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
