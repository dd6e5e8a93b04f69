import { useMemo } from 'react';
import { layoutMarkup, tokenizeMarkup } from './dom-tokens.js';

/**
 * The page markup around the pinned element, highlighted. Every token is a text node: the
 * markup came from someone else's page and is never handed to the browser as HTML.
 */
export function DomContext({ markup }: { markup: string }) {
  const tokens = useMemo(() => layoutMarkup(tokenizeMarkup(markup)), [markup]);
  return (
    <pre className="code-block dom-context" data-testid="dom-context" aria-label="Page markup around the element">
      <code>
        {tokens.map((t, i) =>
          t.kind === 'text' || t.kind === 'break' || t.kind === 'space' ? (
            t.text
          ) : (
            <span
              key={i}
              className={`dom-${t.kind}`}
              title={t.kind === 'redacted' ? 'Removed by the service: it may have held personal data' : undefined}
            >
              {t.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}
