/**
 * Inline SVG charts: horizontal bars with their numbers written beside them,
 * so a chart reads without hovering and prints in black and white. Colours
 * come from the page's CSS classes (no inline styles: the page's
 * Content-Security-Policy forbids them).
 */
import { html, type SafeHtml } from './safe-html.js';

export interface StackedRow {
  label: string;
  /** Segments in order: e.g. passed, failed, error. */
  parts: { value: number; kind: 'pass' | 'fail' | 'error' | 'neutral' }[];
  note: string;
  /** Marks the row (e.g. the stage where failures first appear). */
  highlight?: boolean;
}

const LABEL_W = 230;
const BAR_W = 300;
const NOTE_W = 240;
const ROW_H = 22;

export function stackedBars(title: string, rows: StackedRow[], scale?: number): SafeHtml {
  const max = scale ?? Math.max(1, ...rows.map((r) => r.parts.reduce((a, p) => a + p.value, 0)));
  const height = rows.length * ROW_H + 4;
  const body = rows.map((row, i) => {
    const y = i * ROW_H + 2;
    let x = LABEL_W;
    const segments = row.parts.map((p) => {
      const w = (p.value / max) * BAR_W;
      const rect =
        w > 0
          ? html`<rect class="bar-${p.kind}" x="${x.toFixed(1)}" y="${y + 3}" width="${Math.max(w, 1).toFixed(1)}" height="${ROW_H - 8}"><title>${p.kind}: ${p.value}</title></rect>`
          : html``;
      x += w;
      return rect;
    });
    return html`<g class="${row.highlight ? 'row-highlight' : ''}"><text class="bar-label" x="${LABEL_W - 8}" y="${y + ROW_H / 2 + 4}" text-anchor="end">${clipLabel(row.label)}</text><rect class="bar-track" x="${LABEL_W}" y="${y + 3}" width="${BAR_W}" height="${ROW_H - 8}"></rect>${segments}<text class="bar-note" x="${LABEL_W + BAR_W + 8}" y="${y + ROW_H / 2 + 4}">${row.note}</text></g>`;
  });
  return html`<figure class="chart"><figcaption>${title}</figcaption><svg role="img" aria-label="${title}" viewBox="0 0 ${LABEL_W + BAR_W + NOTE_W} ${height}">${body}</svg></figure>`;
}

/** The pass/fail/error split of a group of results, from its metrics. */
export function passFailRow(label: string, passed: number, total: number, errors: number): StackedRow {
  const failed = Math.max(0, total - passed - errors);
  const rate = total ? `${((passed / total) * 100).toFixed(1)}%` : '–';
  return {
    label,
    parts: [
      { value: passed, kind: 'pass' },
      { value: failed, kind: 'fail' },
      { value: errors, kind: 'error' },
    ],
    note: `${passed}/${total} passed · ${rate}${failed ? ` · ${failed} failed` : ''}${errors ? ` · ${errors} errors` : ''}`,
  };
}

function clipLabel(label: string): string {
  return label.length > 32 ? `${label.slice(0, 31)}…` : label;
}
