/**
 * Reading module inputs defensively. Inputs were validated against the Input
 * Schema, but free-form parts (`slots: {}`, `user_claims: []`, tool facts) can
 * hold anything, and a reference model must not crash on odd values.
 */
import type { PromptFile } from '../../../registry/prompt-file.js';
import { schemaAt } from '../../../registry/schema-notation.js';

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function strings(value: unknown): string[] {
  return list(value).filter((v): v is string => typeof v === 'string');
}

/** The customer's turns of a conversation_history, oldest first. */
export function userTurns(history: unknown): string[] {
  return list(history)
    .map(record)
    .filter((t) => t.role === 'user')
    .map((t) => str(t.content));
}

/** The assistant's turns of a conversation_history, oldest first. */
export function assistantTurns(history: unknown): string[] {
  return list(history)
    .map(record)
    .filter((t) => t.role === 'assistant')
    .map((t) => str(t.content));
}

export function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** A confidence rounded to two decimals and kept inside [0, 1]. */
export function confidence(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/**
 * The enum values the active prompt's Output Schema allows at a dotted path
 * (for an array, its items), so that sim never emits a value the prompt does
 * not define; undefined when the path is not an enum.
 */
export function outputEnum(prompt: PromptFile, path: string): string[] | undefined {
  const root = prompt.outputSchema?.tree;
  let node = root ? schemaAt(root, path) : undefined;
  while (node?.kind === 'array') node = node.items ?? undefined;
  return node?.kind === 'enum' ? node.values : undefined;
}
