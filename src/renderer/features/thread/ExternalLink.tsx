import { useState, type ReactNode } from 'react';
import { getBridge } from '../../bridge/index.js';

/** A link that opens in the system browser through the bridge; the app window itself never navigates away. */
export function ExternalLink({ url, children }: { url: string; children: ReactNode }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <a
        href={url}
        rel="noreferrer noopener"
        onClick={async (e) => {
          e.preventDefault();
          setProblem(null);
          const res = await getBridge().shell.openExternal(url);
          if (!res.ok) setProblem(res.error.message);
        }}
      >
        {children}
      </a>
      {problem && (
        <span role="alert" className="inline-error">
          {' '}
          Could not open the link: {problem} You can copy the address instead: {url}
        </span>
      )}
    </>
  );
}
