import { useNavigation } from '../stores/navigation-store.js';
import { explainError } from '../format/describe-error.js';
import type { Failure } from '../stores/failure.js';

interface ErrorMessageProps {
  problem: Failure;
  /** Shown when trying the same thing again may work. */
  onRetry?: () => void;
  /** Shown when a write may or may not have happened: look before acting again. */
  onRefresh?: () => void;
  onDismiss?: () => void;
  /** Inline variant for tight spots (a form, a panel header). */
  compact?: boolean;
  /** Other things that failed for the same reason, said here rather than in a banner of their own. */
  also?: readonly string[];
}

/** Every failure, in words, with the ways out that apply to it. */
export function ErrorMessage({
  problem,
  onRetry,
  onRefresh,
  onDismiss,
  compact = false,
  also = [],
}: ErrorMessageProps) {
  const go = useNavigation((s) => s.go);
  const screen = useNavigation((s) => s.screen.name);
  const text = explainError(problem.error, problem.title);
  const showConnections = text.offerConnections && screen !== 'connect';
  const showRetry = onRetry && text.retryable;
  const showRefresh = onRefresh && problem.error.uncertain;
  return (
    <div role="alert" className={compact ? 'error-message error-message--compact' : 'error-message'}>
      <p className="error-message__title">{text.title}</p>
      <p className="error-message__detail">{text.detail}</p>
      {text.hint && <p className="error-message__hint">{text.hint}</p>}
      {also.map((line) => (
        <p key={line} className="error-message__also">
          {line}
        </p>
      ))}
      {(showRetry || showRefresh || showConnections || onDismiss) && (
        <div className="error-message__actions">
          {showRetry && (
            <button type="button" className="button button--primary" onClick={onRetry}>
              Try again
            </button>
          )}
          {showRefresh && (
            <button type="button" className="button button--primary" onClick={onRefresh}>
              Refresh
            </button>
          )}
          {showConnections && (
            <button type="button" className="button" onClick={() => go({ name: 'connect' })}>
              Open connections
            </button>
          )}
          {onDismiss && (
            <button type="button" className="button button--quiet" onClick={onDismiss}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}
