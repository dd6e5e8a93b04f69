import type { ReactNode } from 'react';
import type { LinearEntry } from '#shared/reader/index.js';
import { RelativeTime } from '../../components/RelativeTime.js';
import { taskLabel, typeLabel } from '../../format/labels.js';
import { ExternalLink } from './ExternalLink.js';
import type { ThreadItem } from './unreadable.js';
import { plural } from '../../format/counts.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LinearIssue({ entry }: { entry: LinearEntry }) {
  return (
    <li className="linear-entry" data-testid="linear-entry">
      {entry.url ? (
        <ExternalLink url={entry.url}>{entry.identifier || entry.url}</ExternalLink>
      ) : (
        <span>{entry.identifier || 'Issue'}</span>
      )}
      {entry.delegateName ? (
        <span className="muted">
          {' '}
          delegated to {entry.delegateName}
          {entry.delegatedMode && <span className="tag tag--task">{taskLabel(entry.delegatedMode)}</span>}
        </span>
      ) : (
        <span className="muted"> not delegated</span>
      )}
    </li>
  );
}

/** Who, where, when and what happened to the thread besides its conversation. */
export function ThreadFacts({ item }: { item: ThreadItem }) {
  const root = item.thread.root;
  return (
    <section className="thread-section" aria-label="Details">
      <dl className="facts">
        <Fact label="Reported by">
          {root?.author || <span className="muted">Unknown author</span>} ·{' '}
          <RelativeTime ms={item.createdAt ?? root?.createdAt ?? null} />
          {item.resolvedAt !== null && (
            <span className="muted">
              {' '}
              · resolved <RelativeTime ms={item.resolvedAt} />
            </span>
          )}
        </Fact>
        {item.project && (
          <Fact label="Project">
            {item.project.name || item.project.id}
            {item.project.repo ? (
              <>
                {' · '}
                <ExternalLink url={item.project.repo}>{item.project.repo.replace(/^https?:\/\//, '')}</ExternalLink>
              </>
            ) : (
              <span className="muted"> · no repository linked</span>
            )}
          </Fact>
        )}
        <Fact label="Page">
          <span className="break">{item.pageTitle || item.page}</span>
          {item.url && (
            <>
              {' · '}
              <ExternalLink url={item.url}>{item.page}</ExternalLink>
            </>
          )}
        </Fact>
        <Fact label="Type">
          {typeLabel(item.type)}
          {item.typeSource && <span className="muted"> · set by {item.typeSource}</span>}
        </Fact>
        <Fact label="Assignee">
          <span data-testid="assignee-fact">
            {item.assignee ? item.assignee.name : <span className="muted">Unassigned</span>}
            {item.assignee?.mode && (
              <>
                {' '}
                <span className="tag tag--task" title="How the assignee (an agent or a person using one) works on it">
                  {taskLabel(item.assignee.mode)}
                </span>
              </>
            )}
          </span>
        </Fact>
        <Fact label="Agent task">
          {item.agentTask ? (
            <span className="tag tag--task">{taskLabel(item.agentTask)}</span>
          ) : (
            <span className="muted">None</span>
          )}
        </Fact>
        <Fact label="Reports">
          <span data-testid="report-count">
            {item.reportCount > 0 ? (
              `${plural(item.reportCount, 'duplicate report', 'duplicate reports')} merged in`
            ) : (
              <span className="muted">No duplicates merged in</span>
            )}
          </span>
        </Fact>
        {item.linear.length > 0 && (
          <Fact label="Linear">
            <ul className="linear-list">
              {item.linear.map((l) => (
                <LinearIssue key={`${l.identifier}-${l.url ?? ''}`} entry={l} />
              ))}
            </ul>
          </Fact>
        )}
        {item.reactions.length > 0 && (
          <Fact label="Reactions">
            <ul className="reactions" aria-label="Reactions">
              {item.reactions.map((r) => (
                <li key={r.emoji} className="reaction" aria-label={`${r.emoji} ${plural(r.count, 'person', 'people')}`}>
                  <span aria-hidden="true">{r.emoji}</span> {r.count}
                </li>
              ))}
            </ul>
          </Fact>
        )}
      </dl>
    </section>
  );
}
