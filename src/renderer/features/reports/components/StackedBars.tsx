import { Bar, BarChart, CartesianGrid, Legend, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { truncate } from '../../../format/labels.js';
import { AXIS_TEXT } from './chart-colors.js';

interface BarSeries<K extends string> {
  key: K;
  name: string;
  color: string;
}

interface StackedBarsProps<R extends object, K extends string> {
  rows: readonly R[];
  /** The field naming each bar (type, page, file…). */
  categoryKey: keyof R & string;
  series: readonly BarSeries<K>[];
  /** 'columns' stand up from the x axis; 'rows' lie along it (for long names). */
  orientation: 'columns' | 'rows';
  /** Pixel height; rows charts grow with their row count. */
  height?: number;
  /** Axis width for category names in a rows chart. */
  categoryWidth?: number;
  /** A segment was clicked: its bar's row and its series (a drill-down, or the row's own action). */
  onSelect?(row: R, series: K): void;
  /** The name drawn on the axis for a category (the table and tooltip keep the full one). */
  formatCategory?(value: string): string;
  /** A legend names the series; off when each bar is its own series (status counts). */
  legend?: boolean;
  /** Marks each drawn segment with data-testid and its category, series and value. */
  segmentTestId?: string;
  /** 'fit' names only as many bars as fit along the axis (many short columns, e.g. weeks); 'all' names every one. */
  categoryTicks?: 'all' | 'fit';
}

const ROW_HEIGHT = 28;

/** Series keys in the order a reader meets the segments of one bar: top first in columns, left first in rows. */
export function stackOrder<K extends string>(series: readonly BarSeries<K>[], orientation: 'columns' | 'rows'): K[] {
  const keys = series.map((s) => s.key);
  return orientation === 'columns' ? keys.reverse() : keys;
}

/**
 * One stacked bar chart used by every report chart, so they share colours, sizing and
 * test hooks. Animation is off: reports are read, printed and compared, not watched.
 */
export function StackedBars<R extends object, K extends string>({
  rows,
  categoryKey,
  series,
  orientation,
  height,
  categoryWidth = 160,
  onSelect,
  formatCategory,
  legend = series.length > 1,
  segmentTestId,
  categoryTicks = 'all',
}: StackedBarsProps<R, K>) {
  // Recharts types data keys against the row; ours are checked by the keyof constraint above.
  const categoryDataKey = categoryKey as string;
  const chartHeight = height ?? (orientation === 'rows' ? Math.max(120, rows.length * ROW_HEIGHT + 70) : 260);
  const layout = orientation === 'rows' ? 'vertical' : 'horizontal';
  const tick = { fill: AXIS_TEXT, fontSize: 11 };
  const categoryAxis =
    orientation === 'rows' ? (
      <YAxis
        type="category"
        dataKey={categoryDataKey}
        width={categoryWidth}
        tick={tick}
        interval={0}
        tickFormatter={(v: string) => truncate(formatCategory ? formatCategory(String(v)) : String(v), 28)}
      />
    ) : (
      <XAxis
        type="category"
        dataKey={categoryDataKey}
        tick={tick}
        interval={categoryTicks === 'all' ? 0 : 'preserveStartEnd'}
        minTickGap={8}
        tickFormatter={(v: string) => truncate(formatCategory ? formatCategory(String(v)) : String(v), 14)}
      />
    );
  // The tooltip lists the series as the stack is drawn (recharts sorts by name otherwise):
  // columns stack upward, so the top segment comes first; rows stack left to right.
  const tooltipRank = new Map<string, number>(stackOrder(series, orientation).map((key, i) => [key, i]));
  const valueAxis =
    orientation === 'rows' ? (
      <XAxis type="number" allowDecimals={false} tick={tick} />
    ) : (
      <YAxis type="number" allowDecimals={false} tick={tick} width={40} />
    );

  return (
    <BarChart
      responsive
      style={{ width: '100%', height: chartHeight }}
      data={rows as R[]}
      layout={layout}
      margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
      accessibilityLayer={false}
      barCategoryGap="20%"
    >
      <CartesianGrid strokeDasharray="3 3" vertical={orientation === 'rows'} horizontal={orientation === 'columns'} />
      {categoryAxis}
      {valueAxis}
      <Tooltip
        cursor={{ fill: 'rgba(47, 95, 208, 0.06)' }}
        isAnimationActive={false}
        itemSorter={(item) => tooltipRank.get(String(item.dataKey)) ?? Number.MAX_SAFE_INTEGER}
      />
      {/* Series order, not alphabetical: open, deferred, resolved reads as the workflow. */}
      {legend && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.name}
          stackId="stack"
          fill={s.color}
          isAnimationActive={false}
          cursor={onSelect ? 'pointer' : undefined}
          shape={(props: BarShapeProps) => {
            const row = props.payload as R;
            const field = (key: string) => (row as Record<string, unknown>)[key];
            return (
              <g
                data-testid={segmentTestId}
                data-category={String(field(categoryKey))}
                data-series={s.key}
                data-value={String(field(s.key) ?? '')}
                onClick={onSelect ? () => onSelect(row, s.key) : undefined}
              >
                <Rectangle {...props} />
              </g>
            );
          }}
        />
      ))}
    </BarChart>
  );
}
