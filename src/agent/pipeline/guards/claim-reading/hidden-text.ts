/**
 * A text with what a renderer does not show taken out: struck-through spans (Markdown ~~…~~, HTML <del>, <s>,
 * <strike>), HTML comments, and elements hidden by an attribute or a style (hidden, display:none,
 * visibility:hidden, a size or opacity of 0). "退款~~暂未~~已完成" and "退款<span hidden>暂未</span>已完成"
 * both render as a refund done. The same text when nothing is hidden.
 */
const STRUCK = /~~(?!~)[^\n]*?~~|<(del|s|strike)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const HIDING = /\bhidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])|\bsize\s*=\s*["']?0(?![.\d])/i;
const ELEMENT = /<([a-z][a-z0-9]*)\b([^>]*)>[\s\S]*?<\/\1\s*>/gi;

export function withoutHiddenText(text: string): string {
  if (!text.includes('~~') && !text.includes('<')) return text;
  return text
    .replace(STRUCK, '')
    .replace(COMMENT, '')
    .replace(ELEMENT, (element, _tag: string, attributes: string) => (HIDING.test(attributes) ? '' : element));
}
