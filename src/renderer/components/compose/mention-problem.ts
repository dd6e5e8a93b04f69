import type { BridgeError } from '#shared/bridge/errors.js';
import { REFUSAL_REASONS } from '#shared/api/refusal-reasons.js';
import { fold } from '../../format/people-search.js';
import type { MentionPerson } from './mentions.js';

/**
 * A refused @name the person can settle: pick who was meant, or post without mentioning.
 * `sentence` is the service's own words when the choices come from the members list
 * instead of the refusal (a service that names no candidates).
 */
export type MentionProblem =
  | { kind: 'ambiguous'; name: string; candidates: MentionPerson[]; sentence?: string }
  | { kind: 'unknown'; name: string; sentence: string };

const OTHER_REFUSALS: ReadonlySet<string> = new Set(
  REFUSAL_REASONS.filter((r) => r !== 'ambiguous_name' && r !== 'unknown_person'),
);

/** How many members a fallback choice offers at most: enough to find anyone by scrolling a short list. */
const MAX_FALLBACK_CHOICES = 20;

/** Members a typed name could mean: the name, or a word of it, starts with what was typed. */
function membersNamed(name: string, members: readonly MentionPerson[]): MentionPerson[] {
  const typed = fold(name.replace(/^@/, ''));
  return members.filter((m) => {
    const full = fold(m.name);
    return (
      full.startsWith(typed) ||
      full.split(/\s+/).some((w) => w.startsWith(typed)) ||
      (m.email ? fold(m.email).startsWith(typed) : false)
    );
  });
}

/**
 * A refusal without our service's codes (the live service names no candidates): when a
 * mention was sent and the service's sentence names it (or it was the only one), the person
 * picks from the members whose names fit, or from all members.
 */
function fallbackProblem(
  error: BridgeError,
  sent: readonly string[],
  members: readonly MentionPerson[],
): MentionProblem | null {
  if (error.kind !== 'validation' || sent.length === 0) return null;
  // Our service's codes name other problems precisely (a body too long, a merged thread…).
  if (error.reason !== undefined && OTHER_REFUSALS.has(error.reason)) return null;
  if (error.field !== undefined && !error.field.startsWith('mentions')) return null;
  const sentence = error.serverMessage ?? error.message;
  const named = sent.find((m) => fold(sentence).includes(fold(m.replace(/^@/, ''))));
  const aboutPeople = /mention|name|person|people|member|ambiguous|match/i.test(sentence);
  const name = named ?? (sent.length === 1 && aboutPeople ? sent[0] : undefined);
  if (name === undefined) return null;
  const fitting = membersNamed(name, members);
  const candidates = (fitting.length > 0 ? fitting : members).slice(0, MAX_FALLBACK_CHOICES);
  if (candidates.length === 0) return { kind: 'unknown', name, sentence };
  return { kind: 'ambiguous', name, candidates, sentence };
}

/** The mention a refusal's `field` ("mentions.2") points at, in what was sent. */
function sentMention(field: string | undefined, sent: readonly string[]): string | undefined {
  const m = /^mentions\.(\d+)$/.exec(field ?? '');
  return m ? sent[Number(m[1])] : undefined;
}

/** Reads the refusals about people out of a bridge error; null for any other failure. */
export function mentionProblem(
  error: BridgeError,
  sent: readonly string[],
  members: readonly MentionPerson[] = [],
): MentionProblem | null {
  const name = error.name ?? sentMention(error.field, sent);
  if (!name) return fallbackProblem(error, sent, members);
  if (error.reason === 'ambiguous_name' && error.candidates && error.candidates.length > 0) {
    return { kind: 'ambiguous', name, candidates: error.candidates };
  }
  if (error.reason === 'unknown_person') {
    return { kind: 'unknown', name, sentence: `No member of this workspace is called “${name}”.` };
  }
  return fallbackProblem(error, sent, members);
}
