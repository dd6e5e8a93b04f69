import { useEffect, useState } from 'react';
import type { FoundCredential } from '#shared/bridge/channels.js';
import { getBridge } from '../../bridge/index.js';
import { failure } from '../../stores/failure.js';
import { explain } from '../../stores/notice-store.js';
import { useSession } from '../../stores/session-store.js';

/**
 * Tokens the hosted service's own agent client keeps on this computer, offered once each:
 * nothing is used until the person chooses it, and using it copies the token into the
 * system keychain and leaves the file or variable as it is.
 */
export function FoundCredentials({ onConnected }: { onConnected: () => void }) {
  const [found, setFound] = useState<FoundCredential[]>([]);
  const [using, setUsing] = useState<FoundCredential['source'] | null>(null);

  useEffect(() => {
    let stale = false;
    void getBridge()
      .connections.found()
      .then((r) => {
        if (!stale && r.ok) setFound(r.data);
      });
    return () => {
      stale = true;
    };
  }, []);

  if (found.length === 0) return null;

  async function use(credential: FoundCredential) {
    setUsing(credential.source);
    useSession.getState().clearProblem();
    const r = await getBridge().connections.useFound(credential.source);
    setUsing(null);
    if (!r.ok) {
      useSession.setState({ problem: failure(`Could not use the token from ${credential.where}`, r.error) });
      return;
    }
    useSession.setState({ active: r.data, postedAs: null });
    // The service moved to its canonical address: said here too, and kept on the connection's panel.
    if (r.data.notes?.length) explain(r.data.notes.join(' '));
    setFound((list) => list.filter((f) => f !== credential));
    await useSession.getState().refreshList();
    onConnected();
  }

  return (
    <section
      className="panel found-credentials"
      aria-labelledby="found-credentials-heading"
      data-testid="found-credentials"
    >
      <h2 id="found-credentials-heading">Found on this computer</h2>
      <ul>
        {found.map((f) => (
          <li key={f.source}>
            <p>
              A token for <strong>{new URL(f.baseUrl).host}</strong> in {f.where}
              {f.tokenHint && <span className="muted"> ({f.tokenHint})</span>}.
            </p>
            {f.unusable ? (
              <p className="muted">{f.unusable}</p>
            ) : (
              <>
                <p className="muted">
                  Using it copies the token into the system keychain;{' '}
                  {f.source === 'file' ? 'the file' : 'the variable'} is left as it is.
                </p>
                <button type="button" className="button" disabled={using !== null} onClick={() => void use(f)}>
                  {using === f.source ? 'Checking…' : `Use this token`}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
