import type { Message, Row } from '#shared/reader/index.js';
import { blockQuote, cite, escapeInline, isoDate } from './markdown.js';
import { plural } from '../../../format/counts.js';

/** "`itm_1` Checkout button is grey": every thread a report mentions is cited by its ID. */
export function threadLine(row: Pick<Row, 'id' | 'line'>): string {
  return `${cite(row.id)} ${escapeInline(row.line)}`;
}

/** A quoted message: who and when on the first line, then the words, all inside the quote. */
export function quotedMessage(m: Message | null, indent = ''): string {
  if (m === null) return `${indent}*Not included in the service's answer.*`;
  const via = m.via ? ` via ${m.via}` : '';
  return `${indent}> ${escapeInline(`${m.author || 'Unknown author'}${via}, ${isoDate(m.at)}:`)}\n${blockQuote(m.text, indent)}`;
}

/** A conversation: earlier replies left out are counted, so nobody mistakes the quote for all of it. */
export function quotedConversation(replies: readonly Message[], omitted: number, indent = ''): string {
  const parts: string[] = [];
  if (omitted > 0) parts.push(`${indent}*${plural(omitted, 'earlier reply', 'earlier replies')} not shown.*`);
  for (const r of replies) parts.push(quotedMessage(r, indent));
  return parts.join('\n\n');
}
