import type { HotspotFile } from '#shared/reader/index.js';
import { formatCount } from '../../../format/counts.js';

/** Every ranked file with its counts and components; a file name opens its threads (the keyboard path to the chart's clicks). */
export function HotspotFiles({
  files,
  selected,
  onSelect,
}: {
  files: readonly HotspotFile[];
  selected: string | null;
  onSelect(file: string): void;
}) {
  return (
    <table className="report-table hotspot-files" data-testid="hotspot-files">
      <caption className="visually-hidden">Stamped files, ranked by open and deferred threads</caption>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col" className="num">
            Open
          </th>
          <th scope="col" className="num">
            Deferred
          </th>
          <th scope="col" className="num">
            Resolved
          </th>
          <th scope="col">Components</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr
            key={f.file}
            className={f.file === selected ? 'is-selected' : undefined}
            data-testid="hotspot-file"
            data-file={f.file}
          >
            <th scope="row">
              <button
                type="button"
                className="link-button break"
                aria-pressed={f.file === selected}
                onClick={() => onSelect(f.file)}
              >
                {f.file}
              </button>
            </th>
            <td className="num">{formatCount(f.open)}</td>
            <td className="num">{formatCount(f.deferred)}</td>
            <td className="num">{formatCount(f.resolved)}</td>
            <td>{f.components.length > 0 ? f.components.join(', ') : <span className="muted">None stamped</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
