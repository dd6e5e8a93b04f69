import type { HotspotFile, SourceResponse } from '#shared/reader/index.js';
import { statusLabel, typeLabel } from '../../../format/labels.js';

import { formatDateTime } from '../../../format/relative-time.js';
import { coverageText, fileSummaryText, type FileQuery } from './hotspots-model.js';
import { blocks, cite, codeSpan, escapeInline, table, tableCell } from './markdown.js';
import { formatCount } from '../../../format/counts.js';

interface HotspotsExport {
  projectName: string;
  generatedAt: number;
  hotspots: SourceResponse;
  /** The file whose threads are listed on screen, with its filters and answer. */
  selected: { file: HotspotFile; query: FileQuery; matches: SourceResponse } | null;
}

function filtersText(q: FileQuery): string | null {
  const parts = [
    q.line.trim() && `nearest line ${q.line.trim()} first`,
    q.component && `component ${q.component}`,
    q.status && `${statusLabel(q.status).toLowerCase()} only`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function fileBlock({ file, query, matches }: NonNullable<HotspotsExport['selected']>): string {
  const items = matches.items ?? [];
  const matched = matches.matched ?? items.length;
  const filters = filtersText(query);
  return blocks(
    `## Threads of ${codeSpan(file.file)}`,
    matches.summary && `${fileSummaryText(matches.summary)}.`,
    filters && `Filtered: ${escapeInline(filters)}.`,
    items.length === 0
      ? 'No thread of this file matches these filters.'
      : table(
          ['Thread', 'Status', 'Line', 'Type', 'Page', 'ID'],
          items.map((t) => [
            tableCell(t.line || '(no text)'),
            tableCell(t.status === null ? 'Status not given' : statusLabel(t.status)),
            t.source?.line != null ? String(t.source.line) : '–',
            tableCell(typeLabel(t.type)),
            tableCell(t.page),
            cite(t.id),
          ]),
        ),
    items.length < matched &&
      `*${formatCount(matched - items.length)} more threads match; narrow the filters in Triage Desk to list them.*`,
  );
}

/** The source hotspots as on screen: every ranked file, and the threads of the file chosen. */
export function hotspotsMarkdown({ projectName, generatedAt, hotspots, selected }: HotspotsExport): string {
  const files = hotspots.files ?? [];
  return `${blocks(
    `# Source hotspots: ${escapeInline(projectName)}`,
    `Exported from Triage Desk on ${formatDateTime(generatedAt)}. ${escapeInline(coverageText(hotspots.coverage))}${hotspots.totalFiles !== null ? ` across ${formatCount(hotspots.totalFiles)} files` : ''}. Files are ranked by open and deferred threads.`,
    '## Files',
    files.length === 0
      ? 'No stamped file.'
      : table(
          ['File', 'Open', 'Deferred', 'Resolved', 'Components'],
          files.map((f) => [
            codeSpan(f.file),
            formatCount(f.open),
            formatCount(f.deferred),
            formatCount(f.resolved),
            tableCell(f.components.join(', ') || '–'),
          ]),
        ),
    hotspots.totalFiles !== null &&
      hotspots.totalFiles > files.length &&
      `*The service ranks ${formatCount(hotspots.totalFiles)} files; the ${formatCount(files.length)} highest-ranked are listed.*`,
    selected && fileBlock(selected),
  )}\n`;
}
