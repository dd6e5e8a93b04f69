import type { DecisionsResponse } from '#shared/reader/index.js';
import { splitProjectContext } from '../model/project-context.js';

/** The project context as agents read it: the rules learned, the written context, the workspace's instructions. */
export function RulesPanel({ rules }: { rules: DecisionsResponse['rules'] }) {
  const { written, rules: learned } = splitProjectContext(rules.projectContext);
  return (
    <section className="report-panel panel-surface" aria-labelledby="rules-title" data-testid="rules-panel">
      <h2 id="rules-title">Rules learned</h2>
      {learned.length === 0 ? (
        <p className="muted">No rules saved yet.</p>
      ) : (
        <ul className="rules-list">
          {learned.map((r, i) => (
            <li key={`${i}-${r.text}`} data-testid="learned-rule">
              <span className="rules-list__text">{r.text}</span>
              {r.addedBy && (
                <span className="muted">
                  {' '}
                  — added by {r.addedBy}
                  {r.addedOn ? `, ${r.addedOn}` : ''}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {written && (
        <details className="context-details">
          <summary>Project context</summary>
          <p className="context-text">{written}</p>
        </details>
      )}
      {rules.workspaceInstructions && (
        <details className="context-details">
          <summary>Workspace instructions</summary>
          <p className="context-text">{rules.workspaceInstructions}</p>
        </details>
      )}
    </section>
  );
}
