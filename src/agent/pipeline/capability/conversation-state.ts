/**
 * What a refund conversation carries from turn to turn (docs/spec/capability-routing.md#conversation-state-across-turns): the bound
 * capability, the confirmed object and the stop state. A follow-up without
 * an id continues the confirmed object; an id the turn names must be
 * confirmed again (an id that only appears in earlier chat earns nothing); an
 * edited history is a new branch that inherits no selection, while actions
 * already taken stay; "先别处理了" holds until the customer asks again, and a
 * greeting does not lift it.
 */
import type { Binding } from './bind-capability.js';

export interface ConversationState {
  branch: number;
  binding: Binding | null;
  confirmed_refund: string | null;
  stopped: boolean;
  /** Tickets and other actions already taken: never undone by an edit or a stop. */
  actions: string[];
}

export type Turn =
  | { kind: 'follow_up' }
  | { kind: 'names_object'; refund_id: string; confirmed: boolean }
  | { kind: 'stop' }
  | { kind: 'explicit_request' }
  | { kind: 'pleasantry' }
  | { kind: 'edited_history' };

export function initialState(): ConversationState {
  return { branch: 0, binding: null, confirmed_refund: null, stopped: false, actions: [] };
}

export function nextState(state: ConversationState, turn: Turn): ConversationState {
  switch (turn.kind) {
    case 'follow_up':
    case 'pleasantry':
      return state;
    case 'names_object':
      return { ...state, confirmed_refund: turn.confirmed ? turn.refund_id : null };
    case 'stop':
      return { ...state, stopped: true };
    case 'explicit_request':
      return { ...state, stopped: false };
    case 'edited_history':
      return { ...initialState(), branch: state.branch + 1, actions: [...state.actions] };
  }
}

/** Whether new processing may start in this state: a stop holds until an explicit request. */
export function mayProcess(state: ConversationState): boolean {
  return !state.stopped && state.confirmed_refund !== null;
}
