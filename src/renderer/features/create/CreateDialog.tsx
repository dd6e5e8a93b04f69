import { useId, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '#shared/api/limits.js';
import type { SimilarCandidate } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import { ErrorMessage } from '../../components/ErrorMessage.js';
import { announce } from '../../stores/announcer-store.js';
import type { Failure } from '../../stores/failure.js';
import { emitItemsChanged } from '../../server-state/items-sync.js';
import { useSession } from '../../stores/session-store.js';
import { useThread } from '../../stores/thread-store.js';
import { ActionDialog } from '../../components/ActionDialog.js';
import { useProjectMembers } from '../../server-state/project-members.js';
import { actionFailure } from '../../format/refusals.js';
import { CharCounter } from '../../components/compose/CharCounter.js';
import { hasContent, useDrafts } from '../thread/reply-drafts-store.js';
import { mentionProblem, type MentionProblem } from '../../components/compose/mention-problem.js';
import { MentionRefusal } from '../../components/compose/MentionRefusal.js';
import { MentionTextarea } from '../../components/compose/MentionTextarea.js';
import { knownPeople, mentionsToSend } from '../../components/compose/mentions.js';
import { useMentionField } from '../../components/compose/use-mention-field.js';
import { CandidateCard, OpenCandidateButton } from '../dedupe/CandidateCard.js';
import { EMPTY_CREATE_DRAFT, useCreateDrafts, type CreateDraft } from './create-draft-store.js';
import { useSimilarWhileTyping } from './use-similar-while-typing.js';
import './create.css';
import { formatCount, threadCount } from '../../format/counts.js';

interface CreateDialogProps {
  projectId: string;
  onClose(): void;
}

type Phase =
  | { name: 'editing' }
  | { name: 'sending' }
  | { name: 'mention'; problem: MentionProblem }
  | { name: 'failed'; problem: Failure; urlProblem: string | null };

/** The site of the thread on screen, when it is in this project: a good start for the page URL. */
function siteOfOpenThread(projectId: string): string {
  const item = useThread.getState().item;
  if (!item || (item.project?.id ?? projectId) !== projectId) return '';
  try {
    return `${new URL(item.url).origin}/`;
  } catch {
    return '';
  }
}

function localProblem(d: CreateDraft): string | null {
  if (!d.url.trim()) return 'Enter the full address of the page, e.g. https://shop.example.com/cart.';
  if (!d.body.trim()) return 'Describe the feedback.';
  if (d.body.length > LIMITS.bodyMaxChars)
    return `The message can be at most ${formatCount(LIMITS.bodyMaxChars)} characters.`;
  return null;
}

/**
 * Start a thread on a page. While the message is typed, similar existing threads are shown
 * (score and reasons) so the reporter can open one and reply there instead of reporting a
 * duplicate. Posting announces the new thread to the lists and opens it.
 */
export function CreateDialog({ projectId, onClose }: CreateDialogProps) {
  const draft = useCreateDrafts((s) => s.drafts[projectId]) ?? {
    ...EMPTY_CREATE_DRAFT,
    url: siteOfOpenThread(projectId),
  };
  const update = (patch: Partial<CreateDraft>) => {
    useCreateDrafts.getState().update(projectId, { ...draft, ...patch });
    // What was refused concerned the text before this edit.
    setPhase((p) => (p.name === 'failed' || p.name === 'mention' ? { name: 'editing' } : p));
  };
  const members = useProjectMembers(projectId);
  const you = useSession((s) => s.active?.you ?? null);
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const [tried, setTried] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const ids = {
    url: useId(),
    body: useId(),
    selector: useId(),
    title: useId(),
    assignee: useId(),
    counter: useId(),
    urlError: useId(),
  };
  const similar = useSimilarWhileTyping(projectId, draft.body, draft.url, draft.selector);

  const memberList = members.members;
  const mention = useMentionField(draft, memberList, update);
  const bodyRef = mention.textareaRef;
  const blocked = localProblem(draft);
  const sending = phase.name === 'sending';

  const send = async (state: CreateDraft) => {
    setTried(true);
    if (localProblem(state)) return;
    const mentions = mentionsToSend(state.body, knownPeople(memberList, state), state.resolution);
    setPhase({ name: 'sending' });
    const res = await getBridge().api.createItem({
      projectId,
      url: state.url.trim(),
      body: state.body,
      ...(state.selector.trim() ? { selector: state.selector.trim() } : {}),
      ...(state.pageTitle.trim() ? { pageTitle: state.pageTitle.trim() } : {}),
      ...(mentions.length > 0 ? { mentions } : {}),
      ...(state.assignee ? { assignee: state.assignee } : {}),
    });
    if (!res.ok) {
      const problem = mentionProblem(res.error, mentions, memberList);
      if (problem) setPhase({ name: 'mention', problem });
      else
        setPhase({
          name: 'failed',
          problem: actionFailure('The thread was not created', res.error),
          urlProblem: res.error.field === 'url' ? (res.error.serverMessage ?? res.error.message) : null,
        });
      if (res.error.field === 'url') urlRef.current?.focus();
      return;
    }
    useCreateDrafts.getState().clear(projectId);
    emitItemsChanged({ projectId, created: [{ id: res.data.pinId, page: res.data.page ?? null }] });
    const assigned = res.data.assignedTo ? `, assigned to ${res.data.assignedTo}` : '';
    useSession.getState().notePostedAs(res.data.postedAs);
    announce(
      `Thread created on ${res.data.page ?? 'the page'}${res.data.postedAs ? ` as ${res.data.postedAs}` : ''}${assigned}.`,
    );
    onClose();
    void useThread.getState().open(res.data.pinId);
  };

  const settle = (next: Pick<CreateDraft, 'body' | 'people' | 'resolution'>) => {
    const state = { ...draft, ...next };
    useCreateDrafts.getState().update(projectId, state);
    void send(state);
  };

  /** Moves what was written into a reply to the existing thread, and opens it there. */
  const replyThere = (c: SimilarCandidate) => {
    const drafts = useDrafts.getState();
    if (!hasContent(drafts.drafts[c.id]))
      drafts.update(c.id, { body: draft.body, people: draft.people, resolution: draft.resolution });
    update({ body: '', people: [], resolution: EMPTY_CREATE_DRAFT.resolution });
    onClose();
    void useThread
      .getState()
      .open(c.id)
      .then(() => drafts.requestFocus(c.id));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(draft);
  };

  const urlProblem = phase.name === 'failed' ? phase.urlProblem : null;
  const candidates = similar.result?.candidates ?? [];

  return (
    <ActionDialog
      title="New thread"
      onClose={onClose}
      busy={sending}
      size="wide"
      initialFocus={draft.url ? bodyRef : urlRef}
      testId="create-dialog"
    >
      <div className="create">
        <form className="create__form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={ids.url}>Page URL</label>
            <input
              id={ids.url}
              ref={urlRef}
              className="text-input"
              type="url"
              value={draft.url}
              placeholder="https://…"
              onChange={(e) => update({ url: e.target.value })}
              aria-invalid={!!urlProblem || undefined}
              aria-describedby={urlProblem ? ids.urlError : undefined}
              required
            />
            {urlProblem && (
              <span id={ids.urlError} className="inline-error">
                {urlProblem}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.body}>Message</label>
            <MentionTextarea
              id={ids.body}
              {...mention.fieldProps}
              onSubmit={() => void send(draft)}
              placeholder="What is wrong or could be better? (@ to mention someone)"
              rows={6}
              disabled={sending}
              describedBy={ids.counter}
            />
            <CharCounter length={draft.body.length} id={ids.counter} />
          </div>
          <div className="create__row">
            <div className="field">
              <label htmlFor={ids.selector}>CSS selector (optional)</label>
              <input
                id={ids.selector}
                className="text-input"
                value={draft.selector}
                placeholder="e.g. form.payment button.pay"
                onChange={(e) => update({ selector: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.title}>Page title (optional)</label>
              <input
                id={ids.title}
                className="text-input"
                value={draft.pageTitle}
                onChange={(e) => update({ pageTitle: e.target.value })}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor={ids.assignee}>Assignee</label>
            <select
              id={ids.assignee}
              className="text-input"
              value={draft.assignee}
              onChange={(e) => update({ assignee: e.target.value })}
            >
              <option value="">Nobody</option>
              {you && <option value={you.id}>Me ({you.name})</option>}
              {memberList
                .filter((m) => m.id !== you?.id)
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
            </select>
          </div>
          {members.problem && <ErrorMessage problem={members.problem} onRetry={members.reload} compact />}
          {phase.name === 'mention' && (
            <MentionRefusal
              problem={phase.problem}
              onChoose={(name, person) => settle(mention.choose(name, person))}
              onIgnore={(name) => settle(mention.ignore(name))}
              onCancel={() => setPhase({ name: 'editing' })}
            />
          )}
          {phase.name === 'failed' && !urlProblem && (
            <ErrorMessage
              problem={phase.problem}
              onRetry={() => void send(draft)}
              onDismiss={() => setPhase({ name: 'editing' })}
              compact
            />
          )}
          {tried && blocked && (
            <p className="inline-error" role="alert">
              {blocked}
            </p>
          )}
          <div className="action-dialog__actions">
            <button type="submit" className="button button--primary" disabled={sending}>
              {sending ? 'Creating…' : 'Create thread'}
            </button>
            <span className="muted">
              <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in the message · posting as {you?.name ?? 'you'}
            </span>
          </div>
        </form>

        <aside className="create__similar" aria-labelledby="similar-heading" aria-busy={similar.searching}>
          <h3 id="similar-heading">Already reported?</h3>
          {similar.problem && <ErrorMessage problem={similar.problem} compact />}
          {!similar.result && !similar.searching && (
            <p className="muted">
              Similar threads appear here as you write, so you can reply to one instead of reporting it again.
            </p>
          )}
          {similar.searching && <p className="muted">Looking for similar threads…</p>}
          {similar.result && candidates.length === 0 && !similar.searching && (
            <p className="muted">
              {similar.result.compared === null
                ? 'Nothing similar found.'
                : `Nothing similar among ${threadCount(similar.result.compared)}.`}
            </p>
          )}
          <ol className="candidate-list" data-testid="create-similar">
            {candidates.map((c) => (
              <li key={c.id}>
                <CandidateCard candidate={c}>
                  <button type="button" className="button" onClick={() => replyThere(c)}>
                    Reply there instead
                  </button>
                  <OpenCandidateButton itemId={c.id} onClose={onClose} />
                </CandidateCard>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </ActionDialog>
  );
}
