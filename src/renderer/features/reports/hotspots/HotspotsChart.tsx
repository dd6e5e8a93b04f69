import { ChartFigure } from '../components/ChartFigure.js';
import { STATUS_COLOR } from '../components/chart-colors.js';
import { StackedBars } from '../components/StackedBars.js';
import type { HotspotBarRow } from '../model/hotspots-model.js';
import { formatCount } from '../../../format/counts.js';
import type { Status } from '#shared/api/common.js';

/** The workspace has no source-file filter: a file's threads are listed here, each opening in the workspace. */
const DRILL =
  'Select a bar, or a file in the table, to list that file’s threads (of the bar’s status) below; each opens in the workspace, which cannot filter by source file.';

/** Files drawn in the chart; the table beside it lists every ranked file. */
const CHART_FILES = 15;

/** Stamped files ranked by open + deferred threads, stacked by status; a bar opens the file's threads. */
export function HotspotsChart({
  rows,
  onSelect,
}: {
  rows: readonly HotspotBarRow[];
  onSelect(file: string, status?: Status): void;
}) {
  const shown = rows.slice(0, CHART_FILES);
  const labels = new Map(shown.map((r) => [r.file, r.label]));
  return (
    <ChartFigure
      title="Files with the most open and deferred threads"
      description={
        rows.length > shown.length ? `The ${shown.length} highest-ranked of ${rows.length} files. ${DRILL}` : DRILL
      }
      rows={shown}
      rowKey={(r) => r.file}
      testId="hotspots-chart"
      columns={[
        {
          label: 'File',
          value: (r) => (
            <button
              type="button"
              className="link-button break"
              onClick={() => onSelect(r.file)}
              title={`List the threads of ${r.file} below`}
            >
              {r.file}
            </button>
          ),
        },
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
        onSelect={(r, status) => onSelect(r.file, status)}
        segmentTestId="hotspot-bar"
      />
    </ChartFigure>
  );
}
