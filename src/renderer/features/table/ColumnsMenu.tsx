import { Disclosure } from '../../components/Disclosure.js';
import type { ItemsReactTable } from './use-items-table.js';
import { moveColumn } from './view-settings.js';

/**
 * The "Columns" disclosure: show/hide and reorder columns. Built from real checkboxes and
 * buttons rather than an ARIA menu, so it needs no roving focus to be keyboard-usable.
 */
export function ColumnsMenu({ table }: { table: ItemsReactTable }) {
  const reset = () => {
    // Back to initialState through the controlled updaters, so the reset is saved too.
    table.resetColumnVisibility();
    table.resetColumnOrder();
    table.resetSorting();
  };

  const columns = table.getAllLeafColumns().filter((c) => c.id !== 'select');

  return (
    <Disclosure
      label="Columns"
      panelLabel="Table columns"
      focusFirst="input:not(:disabled)"
      className="items-table__columns"
      buttonClassName="button button--quiet"
      panelClassName="items-table__columns-panel"
    >
      {() => (
        <>
          <ul className="items-table__columns-list">
            {columns.map((column, i) => {
              const label = column.columnDef.meta?.label ?? column.id;
              return (
                <li key={column.id} className="items-table__columns-item">
                  <label>
                    <input
                      type="checkbox"
                      checked={column.getIsVisible()}
                      disabled={!column.getCanHide()}
                      onChange={column.getToggleVisibilityHandler()}
                    />
                    {label}
                  </label>
                  <button
                    type="button"
                    className="items-table__move"
                    aria-label={`Move ${label} up`}
                    title="Move up (further left in the table)"
                    disabled={i === 0}
                    onClick={() => table.setColumnOrder((order) => moveColumn(order, column.id, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="items-table__move"
                    aria-label={`Move ${label} down`}
                    title="Move down (further right in the table)"
                    disabled={i === columns.length - 1}
                    onClick={() => table.setColumnOrder((order) => moveColumn(order, column.id, 1))}
                  >
                    ↓
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="link-button items-table__reset" onClick={reset}>
            Reset columns and sorting
          </button>
        </>
      )}
    </Disclosure>
  );
}
