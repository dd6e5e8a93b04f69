import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog.js';
import { truncate } from '../../format/labels.js';
import { threadCount } from '../../format/counts.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useUndoConfirm } from '../../stores/undo-confirm.js';
import { heldBack, type UndoEntry } from '../../stores/undo-history.js';
import { undoGroups, type UndoGroup, type UndoKind } from '../../stores/undo-records.js';
import { undoEntry } from '../../stores/undo-runner.js';
import { useUndoHistory } from '../../stores/undo-store.js';
import { groupWords } from '../../format/undo-words.js';
import './undo.css';

/** Titles listed under a kind of thread; more are counted. */
const SHOWN_TITLES = 3;

function useTitles(): (id: string) => string {
  const rows = useProjectItems((s) => s.data?.rows);
  return (id) => {
    const text = rows?.find((r) => r.id === id)?.excerpt.trim();
    return text ? `“${truncate(text, 90)}”` : id;
  };
}

function GroupChoice({
  group,
  checked,
  onChange,
  first,
}: {
  group: UndoGroup;
  checked: boolean;
  onChange(next: boolean): void;
  first: boolean;
}) {
  const id = useId();
  const words = groupWords(group);
  const titleOf = useTitles();
  const ids = group.tasks.map((t) => t.itemId);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!first) return;
    // After the dialog opens (its showModal runs in the parent's effect, after this one), so focus lands on the first choice.
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [first]);
  return (
    <li className="undo-choice" data-testid="undo-choice" data-kind={group.kind}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-records ${id}-leave`}
        ref={ref}
      />
      <div className="undo-choice__text">
        <label htmlFor={id} className="undo-choice__what">
          {words.what}
        </label>
        <span
          id={`${id}-records`}
          className={group.kind === 'back' ? 'undo-choice__records' : 'undo-choice__records undo-choice__records--anew'}
        >
          {words.records}
        </span>
        <span className="undo-choice__threads">
          {ids.slice(0, SHOWN_TITLES).map(titleOf).join(', ')}
          {ids.length > SHOWN_TITLES && `, and ${ids.length - SHOWN_TITLES} more`}
        </span>
        <span id={`${id}-leave`} className="undo-choice__leave">
          {words.leave}
        </span>
      </div>
    </li>
  );
}

function ConfirmBody({ projectId, entry, onClose }: { projectId: string; entry: UndoEntry; onClose(): void }) {
  const list = useUndoHistory(projectId);
  const held = heldBack(list, entry);
  const groups = undoGroups(entry.plan.tasks.filter((t) => !held.ids.has(t.itemId)));
  const [chosen, setChosen] = useState<ReadonlySet<UndoKind>>(() => new Set(groups.map((g) => g.kind)));
  const count = groups.filter((g) => chosen.has(g.kind)).reduce((n, g) => n + g.tasks.length, 0);
  const toggle = (kind: UndoKind, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });
  return (
    <>
      <p className="undo-confirm__intro">
        Undo sends new changes as you, now. The service keeps who made each change and when, and has no way to put back
        who decided before, so some threads would be decided again in your name. Choose which to undo:
      </p>
      <ul className="undo-choices" aria-label="Threads to undo, by what undoing them records">
        {groups.map((g, i) => (
          <GroupChoice
            key={g.kind}
            group={g}
            checked={chosen.has(g.kind)}
            onChange={(on) => toggle(g.kind, on)}
            first={i === 0}
          />
        ))}
      </ul>
      {held.ids.size > 0 && (
        <p className="muted">
          {threadCount(held.ids.size)} wait{held.ids.size === 1 ? 's' : ''} for “{held.by?.label}” to be undone first:
          it changed {held.ids.size === 1 ? 'it' : 'them'} later.
        </p>
      )}
      <div className="undo-confirm__actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="undo-confirm-run"
          onClick={() => {
            onClose();
            void undoEntry(projectId, entry.id, { chosen });
          }}
        >
          {count === 0 ? 'Leave them all as they are' : `Undo ${threadCount(count)}`}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * Asks before an undo that would record decisions anew as the person (resolve, defer or
 * assign again): what each kind of thread would record, who the reports would name and
 * when, with a tick per kind. Nothing is sent until the person chooses.
 */
export function UndoConfirmDialog() {
  const asking = useUndoConfirm((s) => s.asking);
  const close = useUndoConfirm((s) => s.close);
  const entries = useUndoHistory(asking?.projectId ?? null);
  const entry = asking ? entries.find((e) => e.id === asking.entryId) : undefined;
  if (!asking || !entry) return null;
  return (
    <Dialog title={`Undo “${entry.label}”?`} onClose={close} className="dialog--undo-confirm" testId="undo-confirm">
      <ConfirmBody key={entry.id} projectId={asking.projectId} entry={entry} onClose={close} />
    </Dialog>
  );
}
