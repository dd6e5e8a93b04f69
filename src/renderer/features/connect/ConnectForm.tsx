import { useId, useState, type FormEvent } from 'react';
import { isInsecureRemoteHttp } from '../../../shared/bridge/transport.js';
import { useSession } from '../../stores/session-store.js';

/** Base URL + token (+ label). The bridge validates the token by listing workspaces before saving it. */
export function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const add = useSession((s) => s.add);
  const busy = useSession((s) => s.busy?.action === 'add');
  // Most new tokens are for the service already in use: start from its address.
  const [baseUrl, setBaseUrl] = useState(() => useSession.getState().active?.connection.baseUrl ?? '');
  const [token, setToken] = useState('');
  const [label, setLabel] = useState('');
  // Asked again whenever the address changes: a confirmation is for one host.
  const [insecureOkFor, setInsecureOkFor] = useState<string | null>(null);
  const id = useId();
  const insecure = isInsecureRemoteHttp(baseUrl);
  const allowInsecure = insecure && insecureOkFor === baseUrl.trim();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const trimmedLabel = label.trim();
    const ok = await add({ baseUrl: baseUrl.trim(), token: token.trim(), ...(trimmedLabel ? { label: trimmedLabel } : {}), ...(allowInsecure ? { allowInsecure: true } : {}) });
    if (ok) {
      // The token now lives in the keychain; don't keep a copy in the page.
      setToken('');
      onConnected();
    }
  }

  return (
    <form className="connect-form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>Add a connection</h2>
      <div className="field">
        <label htmlFor={`${id}-url`}>Service URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://feedback.example.com"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          aria-describedby={insecure ? `${id}-insecure` : undefined}
        />
      </div>
      {insecure && (
        <div className="connect-form__insecure" id={`${id}-insecure`}>
          <p>
            <strong>Not encrypted.</strong> This address starts with http:// and is not on this computer: your API token would travel in clear text, and
            anyone on the network path could read it and act as you. Use https:// if the service offers it.
          </p>
          <label className="connect-form__check">
            <input type="checkbox" checked={allowInsecure} onChange={(e) => setInsecureOkFor(e.target.checked ? baseUrl.trim() : null)} />
            Send my token unencrypted to this address
          </label>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-token`}>API token</label>
        <input
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-token-help`}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <p id={`${id}-token-help`} className="field__help">
          A personal token from your account settings on the service. It is stored in the system keychain, never in this window.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-label`}>Label (optional)</label>
        <input id={`${id}-label`} type="text" placeholder="e.g. Acme production" value={label} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy || (insecure && !allowInsecure)} aria-busy={busy}>
        {busy ? 'Connecting…' : 'Connect'}
      </button>
    </form>
  );
}
