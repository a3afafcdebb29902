/**
 * The traces of passed scenarios are most of report.html and rarely opened:
 * they are rendered once, as the same escaped HTML as the rest of the page,
 * and kept gzipped in one inert JSON block that the page's script unpacks the
 * first time a reader opens one (DecompressionStream, no fetch). Nothing is
 * held twice, and the page stays small enough to open and attach anywhere.
 */
import { gzipSync } from 'node:zlib';
import { html, trusted, type SafeHtml } from './safe-html.js';

export class LazyDetails {
  private readonly parts: string[] = [];

  /** A closed <details> whose body is `body`, loaded when opened. */
  add(summary: string, body: SafeHtml): SafeHtml {
    const index = this.parts.push(body.value) - 1;
    return html`<details class="lazy" data-lazy="${String(index)}"><summary>${summary}</summary></details>`;
  }

  /** The data block; base64 holds no "<", so it cannot end the script element. */
  block(): SafeHtml {
    if (!this.parts.length) return html``;
    const packed = gzipSync(Buffer.from(JSON.stringify(this.parts), 'utf8'), { level: 9 }).toString('base64');
    return html`<script type="application/json" id="lazy-details">${trusted(JSON.stringify(packed))}</script>`;
  }
}
