/**
 * The changed lines of a prompt diff, group by group — metadata, then each
 * section's text, then the changelog entries — for every report to print the
 * same lines in its own markup.
 */
import type { PromptDiff } from './prompt-diff.js';

export interface ChangedLine {
  sign: '-' | '+' | '~';
  text: string;
}

export interface ChangedLineGroup {
  title: string;
  lines: ChangedLine[];
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function changedLineGroups(diff: Pick<PromptDiff, 'metadata' | 'text' | 'changelog'>): ChangedLineGroup[] {
  const groups: ChangedLineGroup[] = [];
  if (diff.metadata.length)
    groups.push({ title: 'metadata', lines: diff.metadata.map((m) => ({ sign: '~', text: `${m.key}: ${shown(m.before)} → ${shown(m.after)}` })) });
  for (const t of diff.text) {
    groups.push({
      title: t.section,
      lines: [...t.removed.map((text) => ({ sign: '-' as const, text })), ...t.added.map((text) => ({ sign: '+' as const, text }))],
    });
  }
  const log = diff.changelog ?? { added: [], removed: [] };
  const entry = (e: { version: string; text: string }) => (e.version ? `${e.version}: ${e.text}` : e.text);
  if (log.added.length || log.removed.length) {
    groups.push({
      title: 'changelog',
      lines: [...log.removed.map((e) => ({ sign: '-' as const, text: entry(e) })), ...log.added.map((e) => ({ sign: '+' as const, text: entry(e) }))],
    });
  }
  return groups;
}

/** The groups cut after `cap` lines in all, and how many lines were left out. */
export function cappedLineGroups(groups: ChangedLineGroup[], cap: number): { groups: ChangedLineGroup[]; left_out: number } {
  const out: ChangedLineGroup[] = [];
  let room = cap;
  let leftOut = 0;
  for (const g of groups) {
    if (room <= 0) {
      leftOut += g.lines.length;
      continue;
    }
    out.push({ title: g.title, lines: g.lines.slice(0, room) });
    leftOut += Math.max(0, g.lines.length - room);
    room -= g.lines.length;
  }
  return { groups: out, left_out: leftOut };
}
