import { useId } from 'react';
import { LIMITS } from '#shared/api/limits.js';
import type { LinkDraft, LinkProblem } from './links.js';

interface LinksEditorProps {
  links: LinkDraft[];
  problems: LinkProblem[];
  onChange(links: LinkDraft[]): void;
  disabled?: boolean;
}

/** Up to five links with optional labels; the service appends them to the end of the reply. */
export function LinksEditor({ links, problems, onChange, disabled }: LinksEditorProps) {
  const baseId = useId();
  const set = (i: number, patch: Partial<LinkDraft>) =>
    onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <fieldset className="links-editor" disabled={disabled}>
      <legend className="visually-hidden">Links</legend>
      {links.map((link, i) => {
        const problem = problems.find((p) => p.index === i);
        const errorId = `${baseId}-err-${i}`;
        return (
          <div key={i} className="links-editor__row">
            <input
              className="text-input"
              aria-label={`Link ${i + 1} address`}
              placeholder="https://…"
              value={link.url}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              onChange={(e) => set(i, { url: e.target.value })}
            />
            <input
              className="text-input links-editor__label"
              aria-label={`Link ${i + 1} label`}
              placeholder="Label (optional)"
              value={link.label}
              onChange={(e) => set(i, { label: e.target.value })}
            />
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Remove link ${i + 1}`}
              onClick={() => onChange(links.filter((_, j) => j !== i))}
            >
              ✕
            </button>
            {problem && (
              <span id={errorId} className="inline-error links-editor__problem">
                {problem.message}
              </span>
            )}
          </div>
        );
      })}
      {links.length < LIMITS.linksMax && (
        <button type="button" className="link-button" onClick={() => onChange([...links, { url: '', label: '' }])}>
          + Add a link{links.length > 0 ? ` (${LIMITS.linksMax - links.length} more allowed)` : ''}
        </button>
      )}
    </fieldset>
  );
}
