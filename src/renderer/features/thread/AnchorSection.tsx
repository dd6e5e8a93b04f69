import { problemsOf, UnreadablePart, type ThreadItem } from './unreadable.js';

/** Which element the thread is pinned to, as the reporter's browser saw it. */
export function AnchorSection({ item }: { item: ThreadItem }) {
  const { anchor } = item;
  const rows: Array<[string, string | null | undefined, boolean]> = [
    ['Selector', anchor?.selector, true],
    ['Element text', anchor?.elementText, false],
    ['Selected text', anchor?.selectedText, false],
    // The reader takes the live service's skyKey here too.
    ['Stamp key', anchor?.stampKey, true],
  ];
  const present = rows.filter(([, value]) => value);
  const unreadable = problemsOf(item, ['element anchor']);
  return (
    <section className="thread-section" aria-labelledby="anchor-heading">
      <h3 id="anchor-heading">Pinned element</h3>
      <UnreadablePart what="The pinned element" problems={unreadable} />
      {unreadable.length > 0 ? null : present.length === 0 ? (
        <p className="muted">Pinned to the page, not to one element.</p>
      ) : (
        <dl className="facts">
          {present.map(([label, value, code]) => (
            <div key={label} className="facts__row">
              <dt>{label}</dt>
              <dd>{code ? <code className="break">{value}</code> : <span className="break">{value}</span>}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
