import { useSession } from '../../stores/session-store.js';
import { SignInPageLink } from './SignInPageLink.js';
import { useSignIn } from './sign-in-store.js';

/**
 * "Signed out of <service> — sign in again", once, wherever the person is: the service
 * refused to renew a browser sign-in. Nothing on screen is dropped; requests that were
 * waiting go out after the new sign-in, which keeps the same connection.
 */
export function SignedOutBanner() {
  const signedOut = useSignIn((s) => s.signedOut);
  const waiting = useSignIn((s) => s.waiting);
  const start = useSignIn((s) => s.start);
  const cancel = useSignIn((s) => s.cancel);
  const connection = useSession((s) =>
    signedOut
      ? (s.connections.find((c) => c.id === signedOut.connectionId) ??
        (s.active?.connection.id === signedOut.connectionId ? s.active.connection : null))
      : null,
  );
  if (!signedOut) return null;
  return (
    <div className="signed-out-banner" role="alert" data-testid="signed-out-banner">
      <p>{signedOut.message}</p>
      {waiting ? (
        <>
          <span>Finish signing in to {waiting.host} in your browser.</span>
          {waiting.page && <SignInPageLink page={waiting.page} tab={waiting.tab} />}
          <button type="button" className="button" onClick={() => void cancel()}>
            Cancel sign-in
          </button>
        </>
      ) : (
        connection && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void start({ baseUrl: connection.baseUrl, connectionId: connection.id })}
          >
            Sign in again
          </button>
        )
      )}
    </div>
  );
}
