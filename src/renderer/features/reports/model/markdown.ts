import { desktopItemLink } from '../../links/item-address.js';

/**
 * Markdown building blocks for report exports. Text from threads is written by people and
 * may contain anything, so every piece of it goes through one of these before it lands in
 * the document: a stray `*`, `#` or `|` must never restyle the report or break a table.
 */

/**
 * Characters that restyle text anywhere in a line: emphasis, code, links, HTML, GFM tables
 * and strikethrough. Brackets and the rest of link syntax lose their meaning once `[` is escaped.
 */
const INLINE_SPECIAL = /[\\`*_[\]<>|~]/g;

/** Characters that only mean something at the start of a line: headings, lists, quotes, rules. */
const LINE_START_MARK = /^(\s*)([#+=-])/;
/** "1. " or "1) " opens an ordered list; the escape goes before the punctuation. */
const LINE_START_NUMBER = /^(\s*\d+)([.)])/;

function escapeText(line: string): string {
  return line
    .replace(INLINE_SPECIAL, (c) => `\\${c}`)
    .replace(LINE_START_MARK, (_m, space: string, mark: string) => `${space}\\${mark}`)
    .replace(LINE_START_NUMBER, (_m, digits: string, punct: string) => `${digits}\\${punct}`);
}

/** Inline text: one line, every character that could restyle it escaped. */
export function escapeInline(text: string): string {
  return escapeText(oneLine(text));
}

/** Line breaks and runs of spaces collapse to one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A code span that survives backticks in the text: the fence is longer than any run inside. */
export function codeSpan(text: string): string {
  const t = oneLine(text);
  const longest = Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = t.startsWith('`') || t.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

/**
 * A thread ID as cited in reports: a link to the thread's own address (the desktop app opens
 * it), its text the ID as a code span, so it is copyable and never mangled. The destination
 * sits in angle brackets with the ID percent-encoded, so no character of it ends the link.
 */
export const cite = (id: string): string => `[${codeSpan(id)}](<${desktopItemLink(id)}>)`;

/**
 * A block quote. Each line is escaped on its own, so a quoted "# heading" or "- item"
 * stays text; blank lines stay inside the quote.
 */
export function blockQuote(text: string, indent = ''): string {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  return lines.map((l) => `${indent}> ${l.trim() === '' ? '' : escapeBlockLine(l)}`).join('\n');
}

function escapeBlockLine(line: string): string {
  return escapeText(line.trim());
}

/** A GFM table cell: one line, pipes escaped. */
export function tableCell(text: string): string {
  return escapeInline(text);
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Joins blocks with one blank line between them, dropping empty ones. */
export function blocks(...parts: (string | null | false | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n');
}

/** ISO date (YYYY-MM-DD) in local time, as people read the meeting date. */
export function isoDate(ms: number | null): string {
  if (ms === null) return 'an unknown date';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
