import { useId, useState, type ReactNode } from 'react';

export interface ChartColumn<R> {
  label: string;
  value(row: R): ReactNode;
  numeric?: boolean;
}

interface ChartFigureProps<R> {
  title: string;
  /** One sentence saying what the chart shows, for everyone (not only screen readers). */
  description?: ReactNode;
  rows: readonly R[];
  columns: readonly ChartColumn<R>[];
  rowKey(row: R): string;
  testId?: string;
  /** The chart itself; hidden from assistive tech, which reads the table instead. */
  children: ReactNode;
}

/**
 * A chart with the same numbers as a table. The table is always in the page for screen
 * readers (visually hidden until asked for) and is printed under the chart.
 */
export function ChartFigure<R>({ title, description, rows, columns, rowKey, testId, children }: ChartFigureProps<R>) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const titleId = useId();
  return (
    <figure className="chart-figure panel-surface" aria-labelledby={titleId} data-testid={testId}>
      <div className="chart-figure__head">
        <h3 id={titleId}>{title}</h3>
        <button
          type="button"
          className="button button--quiet no-print"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide the table' : 'Show as a table'}
        </button>
      </div>
      {description && <p className="chart-figure__description muted">{description}</p>}
      <div className="chart-figure__chart" aria-hidden="true">
        {children}
      </div>
      {/* The wrapper hides the table (a table box does not clip its cells) and scrolls a wide one. */}
      <div
        id={tableId}
        className={showTable ? 'chart-table-wrap' : 'chart-table-wrap visually-hidden chart-table--print'}
      >
        <table className="chart-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.label} scope="row">
                      {c.value(r)}
                    </th>
                  ) : (
                    <td key={c.label} className={c.numeric ? 'num' : undefined}>
                      {c.value(r)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
