import { useEffect } from 'react';
import { isTypingTarget } from '../../app/keyboard.js';
import { chordOf, createSequenceMatcher, SHORTCUTS, type AppCommand } from '../../app/shortcuts.js';
import { useProjectItems } from '../../server-state/project-items-store.js';
import { useDialogs } from '../../stores/dialogs-store.js';
import { useThread } from '../../stores/thread-store.js';
import { undoLatest } from '../../stores/undo-runner.js';
import {
  clearSelection,
  focusSearch,
  openAssign,
  openMerge,
  setStatusOfTargets,
  switchView,
} from '../../app/use-cases/workspace.js';

/** The palette and the shortcuts list work on every screen; app/use-global-shortcuts.ts has them. */
const GLOBAL: ReadonlySet<AppCommand> = new Set(['palette.open', 'shortcuts.show']);

const RUN: Record<Exclude<AppCommand, 'palette.open' | 'shortcuts.show'>, () => void> = {
  'view.board': () => switchView('board'),
  'view.table': () => switchView('table'),
  'view.elements': () => switchView('elements'),
  'view.evidence': () => switchView('evidence'),
  'search.focus': focusSearch,
  'status.open': () => setStatusOfTargets('open'),
  'status.deferred': () => setStatusOfTargets('deferred'),
  'status.resolved': () => setStatusOfTargets('resolved'),
  assign: openAssign,
  merge: openMerge,
  undo: () => void undoLatest(useProjectItems.getState().projectId),
  'undo.history': () => {
    const projectId = useProjectItems.getState().projectId;
    if (projectId) useDialogs.getState().open({ kind: 'undo-history', projectId });
  },
  'selection.clear': () => {
    // Escape closes an open thread panel first (the panel handles it); the selection is next.
    if (!useThread.getState().itemId) clearSelection();
  },
};

/**
 * The workspace's single keys and sequences (o/d/r, a, m, z, Z, /, g b, g t, Escape), on the
 * window so they work from the board, the table and the panel alike. Keys the board or the
 * table already used (default prevented), keys typed into fields and keys meant for an
 * open dialog are left alone.
 */
export function useWorkspaceKeyboard(): void {
  useEffect(() => {
    const matcher = createSequenceMatcher(
      SHORTCUTS.filter((s) => s.command && !GLOBAL.has(s.command)).map((s) => ({ keys: s.keys, command: s.command! })),
    );
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target) || useDialogs.getState().dialog) {
        matcher.reset();
        return;
      }
      const chord = chordOf(e);
      if (!chord) return;
      const result = matcher.press(chord, e.timeStamp || Date.now());
      if (result.kind === 'none') return;
      // Escape stays available to the thread panel and native controls as well.
      if (chord !== 'Escape') e.preventDefault();
      if (result.kind === 'command' && !GLOBAL.has(result.command)) RUN[result.command as keyof typeof RUN]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
