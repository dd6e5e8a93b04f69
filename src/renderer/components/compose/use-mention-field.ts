import { useRef } from 'react';
import type { Member } from '#shared/reader/index.js';
import { chooseForName, ignoreName, knownPeople, type MentionPerson, type MentionState } from './mentions.js';

/**
 * What a form with an @mention message needs (the reply composer, the new-thread dialog):
 * the textarea's wiring, everyone the body can name, and the two ways of settling a name the
 * service found ambiguous. `edit` writes a patch into the form's draft.
 */
export function useMentionField(
  draft: MentionState,
  members: readonly Member[],
  edit: (patch: Partial<MentionState>) => void,
) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  return {
    textareaRef,
    /** Workspace members plus anyone already picked: known before the member list loads. */
    known: knownPeople(members, draft),
    /** The draft with `name` meaning `person`. */
    choose: (name: string, person: MentionPerson): MentionState => chooseForName(draft, name, person, members),
    /** The draft with `name` left as plain text. */
    ignore: (name: string): MentionState => ignoreName(draft, name),
    /** Spread onto MentionTextarea. */
    fieldProps: {
      textareaRef,
      value: draft.body,
      members,
      onChange: (body: string) => edit({ body }),
      onMention: (person: MentionPerson) => {
        if (!draft.people.some((p) => p.id === person.id)) edit({ people: [...draft.people, person] });
      },
    },
  };
}
