import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../app/keyboard.js';

/**
 * A dedupe queue's single-key commands, live wherever focus is on the screen but not while typing or under an
 * open dialog. The map is read at key time, so each render's handlers (and what they close over) are the ones that run.
 */
export function useQueueKeys(keys: Record<string, () => void>): void {
  const current = useRef(keys);
  useEffect(() => {
    current.current = keys;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.defaultPrevented ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        isTypingTarget(e.target) ||
        document.querySelector('dialog[open]')
      )
        return;
      const action = current.current[e.key];
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      action();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);
}
