import { useDialogs } from '../stores/dialogs-store.js';
import { CreateDialog } from '../features/create/CreateDialog.js';
import { FindDuplicatesDialog } from '../features/dedupe/FindDuplicatesDialog.js';
import { MergeDialog } from '../features/merge/MergeDialog.js';
import { AssignDialog } from '../features/assign/AssignDialog.js';

/**
 * Renders the action dialog that is open in the dialogs store. Mounted once in the app shell,
 * so any screen, shortcut or the command palette can start any action. The shortcuts help and
 * the command palette are rendered by their own host.
 */
export function DialogHost() {
  const dialog = useDialogs((s) => s.dialog);
  const close = useDialogs((s) => s.close);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'assign':
      return (
        <AssignDialog
          key={dialog.itemIds.join()}
          projectId={dialog.projectId}
          itemIds={dialog.itemIds}
          onClose={close}
        />
      );
    case 'merge':
      return (
        <MergeDialog
          key={dialog.itemIds.join()}
          projectId={dialog.projectId}
          itemIds={dialog.itemIds}
          onClose={close}
        />
      );
    case 'create':
      return <CreateDialog key={dialog.projectId} projectId={dialog.projectId} onClose={close} />;
    case 'find-duplicates':
      return (
        <FindDuplicatesDialog key={dialog.itemId} projectId={dialog.projectId} itemId={dialog.itemId} onClose={close} />
      );
    case 'shortcuts':
    case 'palette':
      return null;
  }
}
