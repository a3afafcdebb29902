/**
 * The judge's own account of what a renderer shows of a reply, written apart
 * from the guard's (which strips hidden spans by pattern): the reply is walked
 * tag by tag, nested elements included, and the text inside an element that
 * is struck through (<del>, <s>, <strike>) or hidden by an attribute or a
 * style (hidden, display:none, visibility:hidden or collapse, a size or
 * opacity of 0) is left out, as are comments and Markdown ~~strikes~~ within
 * a line. "退款<span hidden>暂未</span>已完成" is seen as a refund done.
 */
const STRUCK_TAGS = new Set(['del', 's', 'strike']);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'source', 'area', 'col', 'embed', 'param', 'track', 'base']);
const HIDES =
  /(?:^|[\s"';])hidden(?=[\s=>"';]|$)|display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|(?:font-size|opacity)\s*:\s*0+(?:\.0+)?(?:px|em|rem|pt|%)?\s*(?:[;"']|$)|(?:^|\s)size\s*=\s*["']?0+["']?(?:\s|$)/i;
/** A comment, an opening or closing tag (name, attributes, self-closing slash). */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-z][a-z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const STRUCK_RUN = /~~(?=\S)([^\n]*?\S)~~/g;

interface Open {
  tag: string;
  hides: boolean;
}

export function shownText(text: string): string {
  const unstruck = text.includes('~~') ? text.replace(STRUCK_RUN, '') : text;
  if (!unstruck.includes('<')) return unstruck;
  const open: Open[] = [];
  let shown = '';
  let at = 0;
  const hidden = () => open.some((o) => o.hides);
  for (const m of unstruck.matchAll(MARKUP)) {
    const hiddenBefore = hidden();
    if (!hiddenBefore) shown += unstruck.slice(at, m.index);
    at = m.index + m[0].length;
    const [, closing, rawTag, attributes = ''] = m;
    if (rawTag === undefined) continue; // a comment
    const tag = rawTag.toLowerCase();
    if (closing) {
      const i = open.map((o) => o.tag).lastIndexOf(tag);
      if (i >= 0) open.length = i;
    } else if (!VOID_TAGS.has(tag) && !attributes.trimEnd().endsWith('/')) {
      open.push({ tag, hides: STRUCK_TAGS.has(tag) || HIDES.test(attributes) });
    }
    // A tag outside anything hidden stays where it stood, for the readers after this one to read as they always have.
    if (!hiddenBefore && !hidden()) shown += m[0];
  }
  if (!hidden()) shown += unstruck.slice(at);
  return shown;
}
