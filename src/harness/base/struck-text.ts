/**
 * A text with its struck-through spans taken out (Markdown ~~…~~, HTML <del>, <s>, <strike>): what a reader
 * of the rendered text takes it to say. "退款~~暂未~~已完成" renders as a refund done, with 暂未 crossed out.
 * The same text when nothing is struck.
 */
const STRUCK = /~~(?!~)[^\n]*?~~|<(del|s|strike)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

export function withoutStruckText(text: string): string {
  return text.includes('~~') || text.includes('<') ? text.replace(STRUCK, '') : text;
}
