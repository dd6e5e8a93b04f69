/**
 * A small, forgiving tokenizer for the page markup around a pinned element (evidence.domContext).
 * The markup comes from someone else's page, so it is only ever shown as text: every token
 * becomes a React text node (escaped), never HTML. The tokenizer is lossless — joining the
 * tokens' text gives back the input exactly — and never throws on malformed markup: a stray
 * `<`, an unterminated tag, quote or comment simply runs to the end as the kind it started as.
 */

export type DomTokenKind =
  | 'text'
  | 'redacted' // "[redacted]" placed by the service where it removed personal data
  | 'punct' // < </ > /> and = inside a tag
  | 'tag' // element name
  | 'attr' // attribute name
  | 'value' // attribute value, quotes included
  | 'space' // whitespace inside a tag
  | 'comment' // <!-- … -->
  | 'doctype' // <!DOCTYPE …>, <![CDATA[ … ]]>, <? … ?>
  | 'break'; // a line break and indentation added by layoutMarkup (not in the source)

export interface DomToken {
  kind: DomTokenKind;
  text: string;
}

const REDACTED = '[redacted]';
const NAME_START = /[A-Za-z]/;
const NAME_CHAR = /[^\s/>=]/;
const SPACE = /\s/;

function pushText(out: DomToken[], text: string): void {
  if (!text) return;
  let rest = text;
  for (let at = rest.indexOf(REDACTED); at !== -1; at = rest.indexOf(REDACTED)) {
    if (at > 0) out.push({ kind: 'text', text: rest.slice(0, at) });
    out.push({ kind: 'redacted', text: REDACTED });
    rest = rest.slice(at + REDACTED.length);
  }
  if (rest) out.push({ kind: 'text', text: rest });
}

/** Reads `<name attr="v" …>` from `start` (at `<`); returns the index after it. */
function readTag(src: string, start: number, out: DomToken[]): number {
  let i = start + 1;
  const closing = src[i] === '/';
  if (closing) i++;
  out.push({ kind: 'punct', text: src.slice(start, i) });
  const nameStart = i;
  while (i < src.length && NAME_CHAR.test(src[i]!)) i++;
  if (i > nameStart) out.push({ kind: 'tag', text: src.slice(nameStart, i) });

  while (i < src.length) {
    const c = src[i]!;
    if (c === '>') {
      out.push({ kind: 'punct', text: '>' });
      return i + 1;
    }
    if (c === '/' && src[i + 1] === '>') {
      out.push({ kind: 'punct', text: '/>' });
      return i + 2;
    }
    if (SPACE.test(c)) {
      const s = i;
      while (i < src.length && SPACE.test(src[i]!)) i++;
      out.push({ kind: 'space', text: src.slice(s, i) });
      continue;
    }
    if (c === '=') {
      out.push({ kind: 'punct', text: '=' });
      i++;
      i = readValue(src, i, out);
      continue;
    }
    if (c === '<') {
      // A new tag starts before this one closed: treat this one as ended (malformed markup).
      return i;
    }
    const s = i;
    // A lone "/" (as in <a / b>) is part of no name; keep it as punctuation so nothing is lost.
    if (c === '/') {
      out.push({ kind: 'punct', text: '/' });
      i++;
      continue;
    }
    while (i < src.length && NAME_CHAR.test(src[i]!)) i++;
    out.push({ kind: 'attr', text: src.slice(s, i) });
  }
  return i;
}

/** An attribute value after `=`: quoted (to the matching quote, or the end) or bare. */
function readValue(src: string, start: number, out: DomToken[]): number {
  let i = start;
  while (i < src.length && SPACE.test(src[i]!)) i++;
  if (i > start) out.push({ kind: 'space', text: src.slice(start, i) });
  const quote = src[i];
  if (quote === '"' || quote === "'") {
    const end = src.indexOf(quote, i + 1);
    const stop = end === -1 ? src.length : end + 1;
    out.push({ kind: 'value', text: src.slice(i, stop) });
    return stop;
  }
  const s = i;
  while (i < src.length && !SPACE.test(src[i]!) && src[i] !== '>' && src[i] !== '<') i++;
  if (i > s) out.push({ kind: 'value', text: src.slice(s, i) });
  return i;
}

/** Reads from `start` up to and including `terminator`, or to the end when it never comes. */
function readUntil(src: string, start: number, terminator: string): number {
  const end = src.indexOf(terminator, start);
  return end === -1 ? src.length : end + terminator.length;
}

export function tokenizeMarkup(src: string): DomToken[] {
  const out: DomToken[] = [];
  let text = '';
  let i = 0;
  const flush = () => {
    pushText(out, text);
    text = '';
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c !== '<') {
      text += c;
      i++;
      continue;
    }
    const next = src[i + 1] ?? '';
    if (src.startsWith('<!--', i)) {
      flush();
      const end = readUntil(src, i + 4, '-->');
      out.push({ kind: 'comment', text: src.slice(i, end) });
      i = end;
    } else if (next === '!' || next === '?') {
      flush();
      const end = src.startsWith('<![CDATA[', i) ? readUntil(src, i, ']]>') : readUntil(src, i, '>');
      out.push({ kind: 'doctype', text: src.slice(i, end) });
      i = end;
    } else if (NAME_START.test(next) || (next === '/' && NAME_START.test(src[i + 2] ?? ''))) {
      flush();
      i = readTag(src, i, out);
    } else {
      // "a < b", "<3", "</ >": not a tag, just text.
      text += c;
      i++;
    }
  }
  flush();
  return out;
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

interface OpenElement {
  name: string;
  hasChildElement: boolean;
}

/**
 * Captured context is usually one long line. For reading, each element starts on its own
 * indented line, and a closing tag gets its own line only when the element held other
 * elements (so `<h3>Title</h3>` stays on one line). Markup that already has line breaks is
 * left as it was written. Only 'break' tokens are added; no source text changes.
 */
export function layoutMarkup(tokens: DomToken[]): DomToken[] {
  if (tokens.some((t) => t.kind !== 'break' && t.text.includes('\n'))) return tokens;
  const out: DomToken[] = [];
  const stack: OpenElement[] = [];
  const indent = () => `\n${'  '.repeat(stack.length)}`;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && (t.text === '<' || t.text === '</')) {
      const name = tokens[i + 1]?.kind === 'tag' ? tokens[i + 1]!.text.toLowerCase() : '';
      if (t.text === '<') {
        if (out.length > 0) out.push({ kind: 'break', text: indent() });
        const parent = stack[stack.length - 1];
        if (parent) parent.hasChildElement = true;
        if (name && !VOID_ELEMENTS.has(name) && !selfClosing(tokens, i)) stack.push({ name, hasChildElement: false });
      } else {
        const at = findOpen(stack, name);
        if (at !== -1) {
          const closed = stack[at]!;
          stack.length = at;
          if (closed.hasChildElement) out.push({ kind: 'break', text: indent() });
        }
      }
    }
    out.push(t);
  }
  return out;
}

function findOpen(stack: OpenElement[], name: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.name === name) return i;
  return -1;
}

/** Whether the tag starting at `start` ends with "/>". */
function selfClosing(tokens: DomToken[], start: number): boolean {
  for (let i = start + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && (t.text === '>' || t.text === '/>')) return t.text === '/>';
    if (t.kind === 'punct' && (t.text === '<' || t.text === '</')) return false;
  }
  return false;
}
