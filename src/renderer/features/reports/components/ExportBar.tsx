import { useState } from 'react';
import type { ExportResult } from '#shared/bridge/channels.js';
import type { BridgeResult } from '#shared/bridge/errors.js';
import { getBridge } from '../../../bridge/index.js';
import { ErrorMessage } from '../../../components/ErrorMessage.js';
import { failure, type Failure } from '../../../stores/failure.js';
import { exportFileName, REPORT_NOUN, type ReportKind } from '../model/export-name.js';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'busy'; format: 'Markdown' | 'PDF' }
  | { kind: 'done'; text: string }
  | { kind: 'failed'; problem: Failure };

function doneText(format: 'Markdown' | 'PDF', result: ExportResult, mode: 'electron' | 'browser'): string {
  if (!result.saved) return `${format} export cancelled: nothing was saved.`;
  if (result.path) return `Saved the ${format} to ${result.path}.`;
  return format === 'PDF' && mode === 'browser'
    ? 'The print dialog opened: choose “Save as PDF” as the destination.'
    : `The ${format} file was handed to your browser’s downloads.`;
}

/**
 * Markdown and PDF exports of the report on screen. `markdown()` builds the document only
 * when asked, from what is loaded at that moment.
 */
export function ExportBar({
  projectName,
  kind,
  markdown,
  disabled,
}: {
  projectName: string;
  kind: ReportKind;
  markdown(): string;
  disabled: boolean;
}) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const bridge = getBridge();
  const what = REPORT_NOUN[kind];

  async function run(format: 'Markdown' | 'PDF', call: () => Promise<BridgeResult<ExportResult>>) {
    setState({ kind: 'busy', format });
    const res = await call();
    setState(
      res.ok
        ? { kind: 'done', text: doneText(format, res.data, bridge.mode) }
        : { kind: 'failed', problem: failure(`Could not export the ${what} as ${format}`, res.error) },
    );
  }

  const exportMarkdown = () =>
    run('Markdown', () =>
      bridge.exporter.markdown({
        suggestedName: exportFileName(projectName, kind, 'md', Date.now()),
        content: markdown(),
      }),
    );
  const exportPdf = () =>
    run('PDF', () => bridge.exporter.pdf({ suggestedName: exportFileName(projectName, kind, 'pdf', Date.now()) }));
  const busy = state.kind === 'busy';

  return (
    <div className="export-bar no-print">
      <div className="export-bar__buttons" role="group" aria-label={`Export the ${what}`}>
        <button
          type="button"
          className="button"
          onClick={() => void exportMarkdown()}
          disabled={disabled || busy}
          data-testid={`export-${kind}-markdown`}
        >
          {busy && state.format === 'Markdown' ? 'Exporting…' : 'Export Markdown'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void exportPdf()}
          disabled={disabled || busy}
          data-testid={`export-${kind}-pdf`}
        >
          {busy && state.format === 'PDF' ? 'Preparing PDF…' : 'Export PDF'}
        </button>
      </div>
      <div aria-live="polite" className="export-bar__status">
        {state.kind === 'done' && <span className="muted">{state.text}</span>}
      </div>
      {state.kind === 'failed' && (
        <ErrorMessage problem={state.problem} onDismiss={() => setState({ kind: 'idle' })} compact />
      )}
    </div>
  );
}
