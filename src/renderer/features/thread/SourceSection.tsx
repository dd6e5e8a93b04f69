import { fileLine, normalizeSourcePath, type PathStep } from '../../format/source-path.js';
import { ExternalLink } from './ExternalLink.js';
import { problemsOf, UnreadablePart, type ThreadItem } from './unreadable.js';

function Step({ step, place }: { step: PathStep; place: 'above' | 'target' | 'below' }) {
  const where = fileLine(step.file, step.line);
  return (
    <li className={`source-step source-step--${place}`}>
      {step.component && <span className="source-step__component">{step.component}</span>}
      {step.tag && <code className="source-step__tag">&lt;{step.tag}&gt;</code>}
      {where && <code className="source-step__file">{where}</code>}
      {step.text && <span className="muted source-step__text">“{step.text}”</span>}
    </li>
  );
}

/** Which source file rendered the element, at which build, and the stamped components around it. */
export function SourceSection({ item }: { item: ThreadItem }) {
  const { source, sourceUrl } = item;
  const path = normalizeSourcePath(item.sourcePath);
  const unreadable = problemsOf(item, ['source', 'source path', 'source path target', 'source path step']);
  if (!source && !path) {
    return (
      <section className="thread-section" aria-labelledby="source-heading">
        <h3 id="source-heading">Source</h3>
        {unreadable.length > 0 ? (
          <UnreadablePart what="The source information" problems={unreadable} />
        ) : (
          <p className="muted">No source information: the site was built without the build stamping tool.</p>
        )}
      </section>
    );
  }
  const where = source ? fileLine(source.file, source.line) : null;
  return (
    <section className="thread-section" aria-labelledby="source-heading">
      <h3 id="source-heading">Source</h3>
      <UnreadablePart what="Part of the source information" problems={unreadable} />
      {source && (
        <dl className="facts">
          <div className="facts__row">
            <dt>File</dt>
            <dd>
              <code className="break">{where}</code>
              {sourceUrl ? (
                <>
                  {' · '}
                  <ExternalLink url={sourceUrl}>Open in repository</ExternalLink>
                </>
              ) : (
                <span className="muted"> · no repository linked</span>
              )}
            </dd>
          </div>
          {source.component && (
            <div className="facts__row">
              <dt>Component</dt>
              <dd>{source.component}</dd>
            </div>
          )}
          <div className="facts__row">
            <dt>Build</dt>
            <dd>{source.build ? <code>{source.build.slice(0, 12)}</code> : <span className="muted">unknown</span>}</dd>
          </div>
          <div className="facts__row">
            <dt>Branch</dt>
            <dd>{source.branch ? <code>{source.branch}</code> : <span className="muted">unknown</span>}</dd>
          </div>
        </dl>
      )}
      {path && (
        <>
          <h4>Component path</h4>
          <ol className="source-path">
            {path.above.map((s, i) => (
              <Step key={`a${i}`} step={s} place="above" />
            ))}
            {path.target && <Step step={path.target} place="target" />}
            {path.below.map((s, i) => (
              <Step key={`b${i}`} step={s} place="below" />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
