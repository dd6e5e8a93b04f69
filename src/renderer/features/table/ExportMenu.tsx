import type { ItemRow } from '#shared/reader/index.js';
import { useNavigation } from '../../stores/navigation-store.js';
import { Disclosure } from '../../components/Disclosure.js';
import { getBridge } from '../../bridge/index.js';
import { formatCount, threadCount } from '../../format/counts.js';
import { explain } from '../../stores/notice-store.js';
import type { TextColumnId } from './cell-content.js';
import { csvFileName, tableCsv } from './csv-export.js';

/**
 * "Export": the table as a spreadsheet (CSV), the threads shown (filtered and sorted as on
 * screen) or the selected ones, with the columns shown in their order. A disclosure of plain
 * buttons, like the Columns menu, so it needs no roving focus to be keyboard-usable.
 */
export function ExportMenu({
  rows,
  selectedIds,
  columns,
}: {
  rows: readonly { original: ItemRow }[];
  selectedIds: ReadonlySet<string>;
  columns: readonly TextColumnId[];
}) {
  async function save(rows: readonly ItemRow[]) {
    const screen = useNavigation.getState().screen;
    const projectName = 'projectName' in screen ? (screen.projectName ?? null) : null;
    const r = await getBridge().exporter.csv({
      suggestedName: csvFileName(projectName, new Date()),
      content: tableCsv(rows, columns),
    });
    if (!r.ok) explain(`The spreadsheet was not saved: ${r.error.message}`);
    else if (r.data.saved)
      explain(`Exported ${threadCount(rows.length)} as a spreadsheet${r.data.path ? ` to ${r.data.path}` : ''}.`);
  }

  return (
    <Disclosure
      label="Export"
      panelLabel="Export the table"
      focusFirst="button:not(:disabled)"
      className="items-table__export"
      buttonClassName="button button--quiet"
      panelClassName="items-table__columns-panel"
    >
      {(close) => {
        // Worked out only while the panel is open: the table renders on every filter key.
        const shown = rows.map((r) => r.original);
        const selected = shown.filter((t) => selectedIds.has(t.id));
        const saveAndClose = (picked: readonly ItemRow[]) => {
          close();
          void save(picked);
        };
        return (
          <>
            <button type="button" className="button" disabled={shown.length === 0} onClick={() => saveAndClose(shown)}>
              Shown threads as CSV ({formatCount(shown.length)})
            </button>
            <button
              type="button"
              className="button"
              disabled={selected.length === 0}
              onClick={() => saveAndClose(selected)}
            >
              Selected threads as CSV ({formatCount(selected.length)})
            </button>
            <p className="muted items-table__export-note">
              The columns shown, in their order, with each thread’s ID and link.
            </p>
          </>
        );
      }}
    </Disclosure>
  );
}
