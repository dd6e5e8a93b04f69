import { useEffect, useId, useState } from 'react';
import { LIMITS } from '#shared/api/limits.js';
import type { ItemDetail } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { announce } from '../../stores/announcer-store.js';
import type { Failure } from '../../stores/failure.js';
import { emitItemsChanged } from '../../server-state/items-sync.js';
import { useSession } from '../../stores/session-store.js';
import { useThread } from '../../stores/thread-store.js';
import { useProjectMembers } from '../../server-state/project-members.js';
import { useItemProjectId } from './use-item-project.js';
import { actionFailure } from '../../format/refusals.js';
import { CharCounter } from '../../components/compose/CharCounter.js';
import { EMPTY_DRAFT, useDrafts, type ReplyDraft } from './reply-drafts-store.js';
import { LinksEditor } from '../../components/compose/LinksEditor.js';
import { prepareLinks } from '../../components/compose/links.js';
import { mentionProblem, type MentionProblem } from '../../components/compose/mention-problem.js';
import { MentionRefusal } from '../../components/compose/MentionRefusal.js';
import { MentionTextarea } from '../../components/compose/MentionTextarea.js';
import { ambiguousMentions, knownPeople, mentionedNames, mentionsToSend } from '../../components/compose/mentions.js';
import { useMentionField } from '../../components/compose/use-mention-field.js';
import '../../components/compose/compose.css';
import { formatCount } from '../../format/counts.js';

interface ReplyComposerProps {
  item: ItemDetail;
  /** Resolves the thread (the panel's status writer); used when "resolve after posting" is on. */
  onResolve(): Promise<boolean>;
}

type Phase =
  | { name: 'editing' }
  | { name: 'sending' }
  | { name: 'mention'; problem: MentionProblem }
  | { name: 'failed'; problem: Failure }
  | { name: 'posted'; postedAs: string | null; mentioned: string[]; resolved: boolean | null };

/** What would stop the service from accepting this reply, checked before sending. */
function localProblem(draft: ReplyDraft, mentionCount: number, linkProblems: number): string | null {
  if (!draft.body.trim()) return 'Write something first.';
  if (draft.body.length > LIMITS.bodyMaxChars)
    return `A reply can be at most ${formatCount(LIMITS.bodyMaxChars)} characters; shorten it by ${formatCount(draft.body.length - LIMITS.bodyMaxChars)}.`;
  if (mentionCount > LIMITS.mentionsMax)
    return `A reply can mention at most ${LIMITS.mentionsMax} people; this one mentions ${mentionCount}.`;
  if (linkProblems > 0) return 'Fix the links marked below, or remove them.';
  return null;
}

/**
 * Reply to the thread as yourself. @ suggests people; a name the service finds ambiguous
 * is settled by picking one of its candidates, then sent again (nothing is posted before).
 * The draft lives per thread in memory and survives every failure; it is cleared only
 * once the service has the reply.
 */
export function ReplyComposer({ item, onResolve }: ReplyComposerProps) {
  const itemId = item.id;
  const draft = useDrafts((s) => s.drafts[itemId]) ?? EMPTY_DRAFT;
  const focusRequest = useDrafts((s) => s.focusRequests[itemId] ?? 0);
  const { update, clear } = useDrafts.getState();
  const projectId = useItemProjectId(item);
  const members = useProjectMembers(projectId);
  const youName = useSession((s) => s.active?.you?.name ?? null);
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const [tried, setTried] = useState(false);
  /** Send was pressed while a typed @name fit several members: the reply waits for the choice. */
  const [held, setHeld] = useState(false);
  const fieldId = useId();
  const counterId = useId();

  const memberList = members.members;
  const mention = useMentionField(draft, memberList, (patch) => edit(patch));
  const { known, textareaRef } = mention;
  const linkCheck = prepareLinks(draft.links);
  const mentionCount = mentionsToSend(draft.body, known, draft.resolution).length;
  const blocked = localProblem(draft, mentionCount, linkCheck.problems.length);
  const sending = phase.name === 'sending';
  // Said under the box before Send; a name still being typed ("@Alex K…") waits until Send or until it is done.
  const ambiguity =
    ambiguousMentions(draft.body, known, draft.resolution, memberList).find((a) => held || !a.stillTyping) ?? null;

  useEffect(() => {
    if (focusRequest === 0) return;
    const el = textareaRef.current;
    el?.focus();
    el?.scrollIntoView({ block: 'nearest' });
  }, [focusRequest, textareaRef]);

  const send = async (state: ReplyDraft) => {
    setTried(true);
    const knownNow = knownPeople(memberList, state);
    const mentions = mentionsToSend(state.body, knownNow, state.resolution);
    const { links, problems } = prepareLinks(state.links);
    if (localProblem(state, mentions.length, problems.length)) return;
    if (ambiguousMentions(state.body, knownNow, state.resolution, memberList).length > 0) {
      // The service would refuse it: ask who was meant first, and post once that is settled.
      setHeld(true);
      return;
    }
    setHeld(false);
    setPhase({ name: 'sending' });
    const res = await getBridge().api.postUpdate({
      itemId,
      body: state.body,
      ...(mentions.length > 0 ? { mentions } : {}),
      ...(links.length > 0 ? { links } : {}),
    });
    if (!res.ok) {
      const problem = mentionProblem(res.error, mentions, knownNow);
      if (problem) {
        setPhase({ name: 'mention', problem });
        return;
      }
      setPhase({ name: 'failed', problem: actionFailure('Your reply was not posted', res.error) });
      // It may have been posted after all: show the conversation as the service has it now.
      if (res.error.uncertain || res.error.reason === 'merged_duplicate') void useThread.getState().refresh();
      return;
    }
    clear(itemId);
    setTried(false);
    emitItemsChanged({ projectId, patched: [{ id: itemId, changes: { replyCount: item.thread.replies.length + 1 } }] });
    const who = res.data.mentioned.length > 0 ? `, mentioning ${res.data.mentioned.join(', ')}` : '';
    useSession.getState().notePostedAs(res.data.postedAs);
    announce(`Reply posted${res.data.postedAs ? ` as ${res.data.postedAs}` : ''}${who}.`);
    let resolved: boolean | null = null;
    if (state.resolveAfter) resolved = await onResolve();
    setPhase({ name: 'posted', postedAs: res.data.postedAs, mentioned: res.data.mentioned, resolved });
  };

  const edit = (patch: Partial<ReplyDraft>) => {
    update(itemId, patch);
    // Writing again: a held Send is let go, so no choice takes focus while typing.
    if (patch.body !== undefined) setHeld(false);
    if (phase.name === 'posted' || phase.name === 'mention') setPhase({ name: 'editing' });
  };

  const settle = (next: Pick<ReplyDraft, 'body' | 'people' | 'resolution'>) => {
    const state = { ...draft, ...next };
    update(itemId, next);
    void send(state);
  };

  /** Settled before sending: sends only when Send was already pressed, else back to writing. */
  const settleBeforeSend = (next: Pick<ReplyDraft, 'body' | 'people' | 'resolution'>) => {
    if (held) return settle(next);
    update(itemId, next);
    textareaRef.current?.focus();
  };

  const names = mentionedNames(draft.body, known, draft.resolution);
  const refusal = phase.name === 'mention' ? phase.problem : null;

  return (
    <section className="thread-section composer" aria-labelledby={`${fieldId}-label`} data-testid="reply-composer">
      <h3 id={`${fieldId}-label`}>
        <label htmlFor={fieldId}>Reply</label>
      </h3>
      {draft.resolveAfter && (
        <div className="banner banner--warning composer__resolve" role="status">
          <span>Say what changed: the thread will be resolved once this reply is posted.</span>
          <button type="button" className="button button--quiet" onClick={() => edit({ resolveAfter: false })}>
            Don&apos;t resolve
          </button>
        </div>
      )}
      <MentionTextarea
        id={fieldId}
        {...mention.fieldProps}
        onSubmit={() => void send(draft)}
        placeholder={
          draft.resolveAfter
            ? 'What changed? e.g. “Fixed in the latest build: the button no longer overlaps on small screens.”'
            : 'Write a reply… (@ to mention someone)'
        }
        rows={draft.body.length > 200 ? 8 : 4}
        disabled={sending}
        describedBy={counterId}
        invalid={tried && !!blocked}
      />
      <div className="composer__meta">
        <CharCounter length={draft.body.length} id={counterId} />
        {names.length > 0 && <span className="muted">Notifies {names.join(', ')}</span>}
      </div>
      <LinksEditor
        links={draft.links}
        problems={tried ? linkCheck.problems : []}
        onChange={(links) => edit({ links })}
        disabled={sending}
      />

      {!refusal && ambiguity && (
        <MentionRefusal
          // Remounted when Send is held, so the first choice takes focus then (never while typing).
          key={`${ambiguity.name}-${held}`}
          problem={{ kind: 'ambiguous', name: ambiguity.name, candidates: ambiguity.candidates }}
          beforeSend={{ waiting: held }}
          focusFirst={held}
          onChoose={(name, person) => settleBeforeSend(mention.choose(name, person))}
          onIgnore={(name) => settleBeforeSend(mention.ignore(name))}
          onCancel={() => textareaRef.current?.focus()}
        />
      )}
      {refusal && (
        <MentionRefusal
          problem={refusal}
          onChoose={(name, person) => settle(mention.choose(name, person))}
          onIgnore={(name) => settle(mention.ignore(name))}
          onCancel={() => {
            setPhase({ name: 'editing' });
            textareaRef.current?.focus();
          }}
        />
      )}
      {tried && blocked && phase.name === 'editing' && (
        <p className="inline-error" role="alert">
          {blocked}
        </p>
      )}
      {phase.name === 'failed' && (
        <ErrorMessage
          problem={phase.problem}
          onRetry={() => void send(draft)}
          onRefresh={() => void useThread.getState().refresh()}
          onDismiss={() => setPhase({ name: 'editing' })}
          compact
        />
      )}
      {phase.name === 'posted' && (
        <p className="composer__posted" role="status" data-testid="reply-posted">
          {phase.postedAs ? `Posted as ${phase.postedAs}` : 'Posted'}
          {phase.mentioned.length > 0 && `, mentioning ${phase.mentioned.join(', ')}`}.
          {phase.resolved === true && ' The thread is resolved.'}
          {phase.resolved === false &&
            ' The thread could not be resolved; see the message above and try the status again.'}
        </p>
      )}

      <div className="composer__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void send(draft)}
          disabled={sending || (tried && !!blocked)}
        >
          {sending ? 'Posting…' : draft.resolveAfter ? 'Post and resolve' : 'Post reply'}
        </button>
        <span className="muted">
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> · posting as {youName ?? 'you'}
        </span>
      </div>
    </section>
  );
}
