import { useEffect, useState } from 'react';
import type { SimilarResponse } from '#shared/reader/index.js';
import { getBridge } from '../../bridge/index.js';
import type { Failure } from '../../stores/failure.js';
import { actionFailure } from '../../format/refusals.js';

const DEBOUNCE_MS = 600;
/** Below this there is too little text for shared words to mean anything. */
const MIN_CHARS = 12;

function webUrl(text: string): string | undefined {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

interface SimilarWhileTyping {
  result: SimilarResponse | null;
  searching: boolean;
  problem: Failure | null;
}

/**
 * Similar existing threads for what is being written, asked for once typing pauses, so the
 * reporter can reply to an existing thread instead of starting a duplicate. An answer that
 * arrives after newer text was typed is dropped.
 */
export function useSimilarWhileTyping(
  projectId: string,
  text: string,
  url: string,
  selector: string,
): SimilarWhileTyping {
  const [state, setState] = useState<SimilarWhileTyping>({ result: null, searching: false, problem: null });
  const trimmed = text.trim();
  const page = webUrl(url);
  const element = selector.trim() || undefined;

  useEffect(() => {
    if (trimmed.length < MIN_CHARS) {
      setState({ result: null, searching: false, problem: null });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, searching: true }));
    const timer = setTimeout(() => {
      void getBridge()
        .api.findSimilar({
          projectId,
          text: trimmed,
          ...(page ? { page } : {}),
          ...(element ? { selector: element } : {}),
          includeResolved: true,
        })
        .then((res) => {
          if (!live) return;
          setState(
            res.ok
              ? { result: res.data, searching: false, problem: null }
              : {
                  result: null,
                  searching: false,
                  problem: actionFailure('Could not look for similar threads', res.error),
                },
          );
        });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [projectId, trimmed, page, element]);

  return state;
}
