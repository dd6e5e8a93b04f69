/**
 * @mentions in a message body, without React or the DOM.
 *
 * People are written as "@Full Name" in the body (the service writes them the same way).
 * A mention picked from the suggestions, or typed as a member's full name, is sent by user
 * ID, so it can never be ambiguous. Anything else after an "@" ("@Alex", "@me", an email)
 * is sent as typed and the service resolves it; when it matches several people the service
 * refuses with candidates, the person picks one, and the body is rewritten to that name.
 */

export interface MentionPerson {
  id: string;
  name: string;
  email?: string;
}

export interface MentionQuery {
  /** Index of the "@". */
  start: number;
  /** What follows the "@" up to the caret. */
  query: string;
}

/** Characters allowed right before an "@" that starts a mention (so "bob@example.com" is not one). */
const BEFORE_MENTION = /[\s([{"'“‘,;:]/;
const MAX_QUERY = 40;

function startsMention(text: string, at: number): boolean {
  return text[at] === '@' && (at === 0 || BEFORE_MENTION.test(text[at - 1]!));
}

/**
 * The mention being typed at the caret, if any: an "@" at a word start, followed by at most
 * two spaces (names have several words) and no line break.
 */
export function activeMentionQuery(text: string, caret: number): MentionQuery | null {
  const from = Math.max(0, caret - MAX_QUERY - 1);
  for (let i = caret - 1; i >= from; i--) {
    const c = text[i]!;
    if (c === '\n') return null;
    if (c === '@') {
      if (!startsMention(text, i)) return null;
      const query = text.slice(i + 1, caret);
      if (/^\s/.test(query) || (query.match(/\s/g)?.length ?? 0) > 2) return null;
      return { start: i, query };
    }
  }
  return null;
}

/** Replaces the "@query" being typed with "@Full Name " and returns where the caret goes. */
export function insertMention(
  text: string,
  query: MentionQuery,
  caret: number,
  person: MentionPerson,
): { text: string; caret: number } {
  const after = text.slice(caret);
  // No extra space before text that already separates it ("@Ann, …", "@Ann …").
  const spacer = /^[\s,.;:!?)\]}]/.test(after) ? '' : ' ';
  const inserted = `@${person.name}${spacer}`;
  return { text: text.slice(0, query.start) + inserted + after, caret: query.start + inserted.length };
}

type MentionToken =
  | { kind: 'person'; start: number; end: number; person: MentionPerson }
  | { kind: 'typed'; start: number; end: number; name: string };

/** What can follow "@" when it is not a known full name: a word, or an email. */
const TYPED_NAME = /^[\p{L}\p{N}_%+'.-]+(?:@[\p{L}\p{N}.-]+)?/u;
const NAME_END = /[\p{L}\p{N}_]/u;

/**
 * Every mention in the body. Known people (picked ones first, then members) are matched by
 * their full name, longest first, so "@Alex Kim" is Alex Kim and not "Alex" + " Kim".
 */
export function scanMentions(body: string, known: readonly MentionPerson[]): MentionToken[] {
  const byLength = [...known].sort((a, b) => b.name.length - a.name.length);
  const out: MentionToken[] = [];
  for (let i = 0; i < body.length; i++) {
    if (!startsMention(body, i)) continue;
    const rest = body.slice(i + 1);
    const lower = rest.toLocaleLowerCase();
    const person = byLength.find(
      (p) => lower.startsWith(p.name.toLocaleLowerCase()) && !NAME_END.test(rest[p.name.length] ?? ''),
    );
    if (person) {
      out.push({ kind: 'person', start: i, end: i + 1 + person.name.length, person });
      i += person.name.length;
      continue;
    }
    const m = TYPED_NAME.exec(rest);
    if (!m) continue;
    // "@Alex." at a sentence end: the full stop is not part of the name.
    const name = m[0].replace(/[.'-]+$/, '');
    if (!name) continue;
    out.push({ kind: 'typed', start: i, end: i + 1 + name.length, name });
    i += name.length;
  }
  return out;
}

export interface MentionResolution {
  /** Typed names the person chose a member for after the service found them ambiguous (lower-cased name → person). */
  chosen: Readonly<Record<string, MentionPerson>>;
  /** Typed names (lower-cased) the person chose to post without mentioning. */
  ignored: readonly string[];
}

export const NO_RESOLUTION: MentionResolution = { chosen: {}, ignored: [] };

/**
 * The `mentions` field to send: user IDs for known people, typed names as typed (the service
 * resolves them), each person once, in body order.
 */
export function mentionsToSend(
  body: string,
  known: readonly MentionPerson[],
  resolution: MentionResolution = NO_RESOLUTION,
): string[] {
  const out: string[] = [];
  const add = (value: string) => {
    if (!out.includes(value)) out.push(value);
  };
  for (const t of scanMentions(body, known)) {
    if (t.kind === 'person') {
      add(t.person.id);
      continue;
    }
    const key = t.name.toLocaleLowerCase();
    if (resolution.ignored.includes(key)) continue;
    const chosen = resolution.chosen[key];
    add(chosen ? chosen.id : t.name);
  }
  return out;
}

/**
 * After the service said a typed name is ambiguous and the person picked someone: every
 * "@name" typed that way becomes "@Full Name", so the body says who was meant.
 */
export function rewriteTypedMention(
  body: string,
  name: string,
  person: MentionPerson,
  known: readonly MentionPerson[],
): string {
  const target = name.replace(/^@/, '').toLocaleLowerCase();
  const tokens = scanMentions(body, known).filter((t) => t.kind === 'typed' && t.name.toLocaleLowerCase() === target);
  let out = body;
  for (const t of [...tokens].reverse()) out = `${out.slice(0, t.start)}@${person.name}${out.slice(t.end)}`;
  return out;
}

/** The people who will be notified, as the body names them (for the composer's preview). */
export function mentionedNames(
  body: string,
  known: readonly MentionPerson[],
  resolution: MentionResolution = NO_RESOLUTION,
): string[] {
  const names: string[] = [];
  for (const t of scanMentions(body, known)) {
    const label =
      t.kind === 'person'
        ? t.person.name
        : (resolution.chosen[t.name.toLocaleLowerCase()]?.name ??
          (resolution.ignored.includes(t.name.toLocaleLowerCase()) ? null : `@${t.name}`));
    if (label && !names.includes(label)) names.push(label);
  }
  return names;
}

/** The mention-related part of a draft (reply or new thread). */
export interface MentionState {
  body: string;
  /** People picked or chosen so far, known even before the member list loads. */
  people: MentionPerson[];
  resolution: MentionResolution;
}

/** Everyone the body can name by full name: workspace members plus those picked or chosen. */
export function knownPeople(members: readonly MentionPerson[], state: Pick<MentionState, 'people'>): MentionPerson[] {
  const ids = new Set(members.map((m) => m.id));
  return [...members, ...state.people.filter((p) => !ids.has(p.id))];
}

/** The person chose who an ambiguous "@name" meant: the body says so, and it is sent by ID. */
export function chooseForName(
  state: MentionState,
  name: string,
  person: MentionPerson,
  members: readonly MentionPerson[],
): MentionState {
  const people = state.people.some((p) => p.id === person.id) ? state.people : [...state.people, person];
  return {
    body: rewriteTypedMention(state.body, name, person, knownPeople(members, { people })),
    people,
    resolution: {
      ...state.resolution,
      chosen: { ...state.resolution.chosen, [name.replace(/^@/, '').toLocaleLowerCase()]: person },
    },
  };
}

/** The person chose to post "@name" as plain text, notifying no one. */
export function ignoreName(state: MentionState, name: string): MentionState {
  const key = name.replace(/^@/, '').toLocaleLowerCase();
  return state.resolution.ignored.includes(key)
    ? state
    : { ...state, resolution: { ...state.resolution, ignored: [...state.resolution.ignored, key] } };
}

/** Where the suggestions open: below the field unless that would cut the list off and there is more room above. */
export function suggestionsAbove(
  field: { top: number; bottom: number },
  bounds: { top: number; bottom: number },
  listHeight: number,
): boolean {
  const below = bounds.bottom - field.bottom;
  const above = field.top - bounds.top;
  return below < listHeight && above > below;
}

/** A typed "@name" more than one member answers to: the service would refuse the reply. */
interface Ambiguity {
  name: string;
  candidates: MentionPerson[];
  /** The name ends the body and could still grow into one member's full name ("@Alex K…"). */
  stillTyping: boolean;
}

/**
 * The members a typed name means, by the service's rule: the full name, else the first name
 * (people.ts in the reference service). An email or "me" names one person and is left alone.
 */
function membersAnswering(name: string, members: readonly MentionPerson[]): MentionPerson[] {
  const lower = name.toLocaleLowerCase();
  const byName = members.filter((m) => m.name.toLocaleLowerCase() === lower);
  return byName.length > 0 ? byName : members.filter((m) => m.name.toLocaleLowerCase().split(/\s+/)[0] === lower);
}

/**
 * Typed @names (not picked, chosen or ignored) that several members answer to, in body
 * order: said under the box before Send, so the person chooses before anything is posted.
 */
export function ambiguousMentions(
  body: string,
  known: readonly MentionPerson[],
  resolution: MentionResolution,
  members: readonly MentionPerson[],
): Ambiguity[] {
  const out: Ambiguity[] = [];
  for (const t of scanMentions(body, known)) {
    if (t.kind !== 'typed') continue;
    const key = t.name.toLocaleLowerCase();
    if (
      resolution.ignored.includes(key) ||
      resolution.chosen[key] ||
      out.some((a) => a.name.toLocaleLowerCase() === key)
    )
      continue;
    const candidates = membersAnswering(t.name, members);
    if (candidates.length < 2) continue;
    const rest = body.slice(t.start + 1).toLocaleLowerCase();
    const stillTyping = members.some((m) => m.name.toLocaleLowerCase().startsWith(rest) && m.name.length > rest.length);
    out.push({ name: t.name, candidates, stillTyping });
  }
  return out;
}
