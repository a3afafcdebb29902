/**
 * Proposed tool arguments checked the way tool_authorization_v1 rule 8 and 14
 * read them: fields that would widen the action (another user, a batch of
 * orders, a hidden or unchecked mode, a new recipient) make the proposal
 * invalid; fields carrying instructions are dropped as data that no tool needs.
 */
import { containsInstruction, demandsFormatChange } from '../shared/manipulation-text.js';
import { asString, type Json, stringsIn } from '../shared/input-readers.js';

const WIDENING_KEY = /skip|bypass|force|silent|hidden|hide|no_?log|no_?audit|override|admin|sudo|impersonat|as_user|all_orders|batch/i;
const RECIPIENT_KEY = /^(recipient|recipients|to|cc|bcc|phone|mobile|email)$/i;
const OTHER_USER_KEY = /^(user_id|target_user_id|owner_id|customer_id|buyer_id|account_id)$/i;
const MANY_ORDERS_KEY = /^(order_ids|orders)$/i;

export interface ArgReview {
  sanitized: Json;
  /** Fields that widen the action: the proposal fails its schema check. */
  widening: string[];
  /** Fields dropped because their text tries to instruct the system. */
  instructive: string[];
  /** Malformed values, e.g. a non-positive amount. */
  malformed: string[];
}

export function reviewArgs(args: Json, currentUserId: string | null): ArgReview {
  const review: ArgReview = { sanitized: {}, widening: [], instructive: [], malformed: [] };
  for (const [key, value] of Object.entries(args)) {
    const otherUser = OTHER_USER_KEY.test(key) && asString(value) !== currentUserId;
    if (WIDENING_KEY.test(key) || RECIPIENT_KEY.test(key) || MANY_ORDERS_KEY.test(key) || otherUser) {
      review.widening.push(key);
      continue;
    }
    if (stringsIn(value).some((t) => containsInstruction(t) || demandsFormatChange(t))) {
      review.instructive.push(key);
      continue;
    }
    if (/amount$/i.test(key) && !(typeof value === 'number' && value > 0)) review.malformed.push(key);
    review.sanitized[key] = value;
  }
  return review;
}
