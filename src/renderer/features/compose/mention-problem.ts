import type { BridgeError } from '../../../shared/bridge/errors.js';
import type { MentionPerson } from './mentions.js';

/** A refused @name the person can settle: pick who was meant, or post without mentioning. */
export type MentionProblem = { kind: 'ambiguous'; name: string; candidates: MentionPerson[] } | { kind: 'unknown'; name: string; sentence: string };

/** The mention a refusal's `field` ("mentions.2") points at, in what was sent. */
function sentMention(field: string | undefined, sent: readonly string[]): string | undefined {
  const m = /^mentions\.(\d+)$/.exec(field ?? '');
  return m ? sent[Number(m[1])] : undefined;
}

/** Reads the refusals about people out of a bridge error; null for any other failure. */
export function mentionProblem(error: BridgeError, sent: readonly string[]): MentionProblem | null {
  const name = error.name ?? sentMention(error.field, sent);
  if (!name) return null;
  if (error.reason === 'ambiguous_name' && error.candidates && error.candidates.length > 0) {
    return { kind: 'ambiguous', name, candidates: error.candidates };
  }
  if (error.reason === 'unknown_person') {
    return { kind: 'unknown', name, sentence: `No member of this workspace is called “${name}”.` };
  }
  return null;
}
