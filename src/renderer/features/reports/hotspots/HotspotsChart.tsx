import { ChartFigure } from '../components/ChartFigure.js';
import { STATUS_COLOR } from '../components/chart-colors.js';
import { StackedBars } from '../components/StackedBars.js';
import type { HotspotBarRow } from '../model/hotspots-model.js';
import { formatCount } from '../../../format/counts.js';

/** Files drawn in the chart; the table beside it lists every ranked file. */
export const CHART_FILES = 15;

/** Stamped files ranked by open + deferred threads, stacked by status; a bar opens the file's threads. */
export function HotspotsChart({ rows, onSelect }: { rows: readonly HotspotBarRow[]; onSelect(file: string): void }) {
  const shown = rows.slice(0, CHART_FILES);
  const labels = new Map(shown.map((r) => [r.file, r.label]));
  return (
    <ChartFigure
      title="Files with the most open and deferred threads"
      description={
        rows.length > shown.length
          ? `The ${shown.length} highest-ranked of ${rows.length} files. Click a bar to list that file’s threads.`
          : 'Click a bar to list that file’s threads.'
      }
      rows={shown}
      rowKey={(r) => r.file}
      testId="hotspots-chart"
      columns={[
        { label: 'File', value: (r) => r.file },
        { label: 'Open', value: (r) => formatCount(r.open), numeric: true },
        { label: 'Deferred', value: (r) => formatCount(r.deferred), numeric: true },
        { label: 'Resolved', value: (r) => formatCount(r.resolved), numeric: true },
      ]}
    >
      <StackedBars
        rows={shown}
        categoryKey="file"
        series={[
          { key: 'open', name: 'Open', color: STATUS_COLOR.open },
          { key: 'deferred', name: 'Deferred', color: STATUS_COLOR.deferred },
          { key: 'resolved', name: 'Resolved', color: STATUS_COLOR.resolved },
        ]}
        orientation="rows"
        categoryWidth={200}
        formatCategory={(file) => labels.get(file) ?? file}
        onSelect={(r) => onSelect(r.file)}
        segmentTestId="hotspot-bar"
      />
    </ChartFigure>
  );
}
