/**
 * The Content-Security-Policy of every page orderflow writes or serves:
 * nothing loaded from anywhere, its own style and script allowed by hash
 * only. A page the viewer serves may open two things to the viewer itself:
 * its forms (`form-action 'self'`) and, for a run followed live, its event
 * stream (`connect-src 'self'`).
 */
import { createHash } from 'node:crypto';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export interface PagePolicy {
  style: string;
  /** The page's one script; null for a page that runs none. */
  script: string | null;
  connectSelf?: boolean;
  formSelf?: boolean;
}

export function pagePolicy({ style, script, connectSelf = false, formSelf = false }: PagePolicy): string {
  return [
    `default-src 'none'`,
    `style-src ${hash(style)}`,
    `script-src ${script === null ? `'none'` : hash(script)}`,
    `img-src 'none'`,
    `font-src 'none'`,
    `connect-src ${connectSelf ? `'self'` : `'none'`}`,
    `base-uri 'none'`,
    `form-action ${formSelf ? `'self'` : `'none'`}`,
  ].join('; ');
}
