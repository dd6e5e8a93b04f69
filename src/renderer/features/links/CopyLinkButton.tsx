import { useEffect, useState } from 'react';
import { copyThreadLink, useCopiedLink } from './copy-link.js';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_MS = 2000;

/**
 * "Copy link", then "Copied ✓" for a moment once the address is on the clipboard, whether
 * the button or the menu copied it (the live region says so too, for screen readers); a
 * failed copy says why in the notice instead.
 */
export function CopyLinkButton({ itemId }: { itemId: string }) {
  const copiedAt = useCopiedLink((s) => (s.itemId === itemId ? s.at : 0));
  const [expired, setExpired] = useState(0);
  useEffect(() => {
    if (copiedAt === 0) return;
    const timer = setTimeout(() => setExpired(copiedAt), Math.max(0, copiedAt + COPIED_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [copiedAt]);
  const copied = copiedAt !== 0 && expired !== copiedAt;
  return (
    <button
      type="button"
      className="button button--quiet"
      onClick={() => void copyThreadLink(itemId)}
      data-testid="copy-thread-link"
      data-copied={copied || undefined}
      title="Copy a link that opens this thread"
    >
      {copied ? 'Copied ✓' : 'Copy link'}
    </button>
  );
}
