import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SignInOptions } from '#shared/bridge/channels.js';
import { isInsecureRemoteHttp } from '#shared/bridge/transport.js';
import { getBridge } from '../../bridge/index.js';
import { useSession } from '../../stores/session-store.js';
import { askableAddress, fieldOfFailure, HOSTED_SERVICE, tokenProblem } from './connect-model.js';
import { SignInPageLink } from './SignInPageLink.js';
import { useSignIn } from './sign-in-store.js';

/** After typing stops, before asking the service whether it offers browser sign-in. */
const ASK_AFTER_MS = 400;

/**
 * Which service (the hosted one, or another address), then "Sign in with your browser" where
 * the service offers it, and a personal token always: the bridge validates a token by listing
 * workspaces before saving it.
 */
export function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const add = useSession((s) => s.add);
  const busy = useSession((s) => s.busy?.action === 'add');
  const waiting = useSignIn((s) => s.waiting);
  const startSignIn = useSignIn((s) => s.start);
  const cancelSignIn = useSignIn((s) => s.cancel);
  // Most new connections are for the service already in use: start from its address.
  const [url, setUrl] = useState(() => useSession.getState().active?.connection.baseUrl ?? '');
  const [token, setToken] = useState('');
  const [label, setLabel] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  // A token the keychain could not keep: offered for this session only, said plainly.
  const noKeychain = useSession(
    (s) => s.problem?.error.kind === 'keychain' && s.problem.title.startsWith('Could not connect'),
  );
  // A failed connect is tied to the field it is about (the address or the token), and focus goes there.
  const [failed, setFailed] = useState<{ field: 'baseUrl' | 'token'; message: string } | null>(null);
  const [options, setOptions] = useState<{ url: string; answer: SignInOptions } | null>(null);
  // Asked again whenever the address changes: a confirmation is for one host.
  const [insecureOkFor, setInsecureOkFor] = useState<string | null>(null);
  const id = useId();
  const baseUrl = url.trim();
  const hosted = baseUrl.replace(/\/+$/, '') === HOSTED_SERVICE.baseUrl;
  const insecure = isInsecureRemoteHttp(baseUrl);
  const allowInsecure = insecure && insecureOkFor === baseUrl;
  const askable = askableAddress(baseUrl);
  const signIn = options && options.url === askable ? options.answer : null;

  useEffect(() => {
    if (!askable) return;
    let stale = false;
    const timer = setTimeout(() => {
      void getBridge()
        .connections.signInOptions(askable)
        .then((r) => {
          if (!stale)
            setOptions({ url: askable, answer: r.ok ? r.data : { available: false, reason: r.error.message } });
        });
    }, ASK_AFTER_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [askable]);

  async function submitToken(e: FormEvent, sessionOnly = false) {
    e.preventDefault();
    if (busy) return;
    const problem = tokenProblem(token);
    setTokenError(problem);
    if (problem) {
      document.getElementById(`${id}-token`)?.focus();
      return;
    }
    const trimmedLabel = label.trim();
    const ok = await add({
      baseUrl,
      token: token.trim(),
      ...(trimmedLabel ? { label: trimmedLabel } : {}),
      ...(allowInsecure ? { allowInsecure: true } : {}),
      ...(sessionOnly ? { sessionOnly: true } : {}),
    });
    if (ok) {
      // The token now lives in the keychain; don't keep a copy in the page.
      setToken('');
      setFailed(null);
      onConnected();
      return;
    }
    const error = useSession.getState().problem?.error;
    const field = error ? fieldOfFailure(error) : null;
    setFailed(field && error ? { field, message: error.message } : null);
    if (field) document.getElementById(`${id}-${field === 'baseUrl' ? 'url' : 'token'}`)?.focus();
  }

  // Synchronous up to startSignIn's first await: in browser mode that opens the sign-in tab inside this click.
  async function signInWithBrowser() {
    const trimmedLabel = label.trim();
    if (await startSignIn({ baseUrl, ...(trimmedLabel ? { label: trimmedLabel } : {}) })) onConnected();
  }

  return (
    <form className="connect-form" onSubmit={submitToken} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>Add a connection</h2>
      {/* The preset fills the address; any other address is "Another service". */}
      <fieldset className="connect-form__services">
        <legend>Service</legend>
        <label className="connect-form__check">
          <input type="radio" name={`${id}-service`} checked={hosted} onChange={() => setUrl(HOSTED_SERVICE.baseUrl)} />
          {HOSTED_SERVICE.name} <span className="muted">({new URL(HOSTED_SERVICE.baseUrl).host})</span>
        </label>
        <label className="connect-form__check">
          <input
            type="radio"
            name={`${id}-service`}
            checked={!hosted}
            onChange={() => {
              setUrl('');
              document.getElementById(`${id}-url`)?.focus();
            }}
          />
          Another service…
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-url`}>Service URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://feedback.example.com"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (failed?.field === 'baseUrl') setFailed(null);
          }}
          aria-invalid={failed?.field === 'baseUrl' ? true : undefined}
          aria-describedby={
            [insecure ? `${id}-insecure` : '', failed?.field === 'baseUrl' ? `${id}-url-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        {failed?.field === 'baseUrl' && (
          <p id={`${id}-url-error`} className="field__error">
            {failed.message}
          </p>
        )}
      </div>
      {insecure && (
        <div className="connect-form__insecure" id={`${id}-insecure`}>
          <p>
            <strong>Not encrypted.</strong> This address starts with http:// and is not on this computer: your API token
            would travel in clear text, and anyone on the network path could read it and act as you. Use https:// if the
            service offers it.
          </p>
          <label className="connect-form__check">
            <input
              type="checkbox"
              checked={allowInsecure}
              onChange={(e) => setInsecureOkFor(e.target.checked ? baseUrl : null)}
            />
            Send my token unencrypted to this address
          </label>
        </div>
      )}

      {waiting ? (
        <div className="connect-form__waiting" role="status" data-testid="sign-in-waiting">
          <p>
            <strong>Finish signing in to {waiting.host} in your browser.</strong> Triage Desk carries on by itself when
            you are back.
          </p>
          {waiting.page && (
            <p>
              <SignInPageLink page={waiting.page} tab={waiting.tab} />
            </p>
          )}
          <button type="button" className="button" onClick={() => void cancelSignIn()}>
            Cancel sign-in
          </button>
        </div>
      ) : (
        signIn?.available && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void signInWithBrowser()}
            disabled={busy}
          >
            Sign in with your browser
          </button>
        )
      )}
      {signIn && !signIn.available && signIn.reason && (
        <p className="muted field__help" data-testid="sign-in-unavailable">
          {signIn.reason}
        </p>
      )}

      <h3 className="connect-form__subheading">
        {signIn?.available ? 'Or use a personal token' : 'Use a personal token'}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-token`}>API token</label>
        <input
          id={`${id}-token`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-token-help${tokenError || failed?.field === 'token' ? ` ${id}-token-error` : ''}`}
          aria-invalid={tokenError || failed?.field === 'token' ? true : undefined}
          value={token}
          onChange={(e) => {
            setToken(e.target.value);
            setTokenError(null);
            if (failed?.field === 'token') setFailed(null);
          }}
        />
        {(tokenError || failed?.field === 'token') && (
          <p id={`${id}-token-error`} className="field__error" role={tokenError ? 'alert' : undefined}>
            {tokenError ?? failed?.message}
          </p>
        )}
        <p id={`${id}-token-help`} className="field__help">
          A personal token from your account settings on the service. It is stored in the system keychain, never in this
          window.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-label`}>Label (optional)</label>
        <input
          id={`${id}-label`}
          type="text"
          placeholder="e.g. Acme production"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      {noKeychain && token.trim() !== '' && (
        <div className="connect-form__insecure" data-testid="session-only-offer">
          <p>
            <strong>This computer has no keychain Triage Desk can use</strong>, so the token cannot be saved. You can
            still connect for this session only: the token stays in memory, nothing is written anywhere, and you paste
            it again next time.
          </p>
          <button type="button" className="button" disabled={busy} onClick={(e) => void submitToken(e, true)}>
            Connect for this session only
          </button>
        </div>
      )}
      <button
        type="submit"
        className={signIn?.available ? 'button' : 'button button--primary'}
        disabled={busy || waiting !== null || (insecure && !allowInsecure)}
        aria-busy={busy}
      >
        {busy ? 'Connecting…' : 'Connect'}
      </button>
    </form>
  );
}
