import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { errorFromUnknown } from '../format/describe-error.js';

interface Props {
  /** What this part of the screen is, for the message ("the board", "the thread"). */
  area: string;
  children: ReactNode;
  /** Changing this value clears a caught error (e.g. the thread id). */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

/** A render crash becomes a message with a way out instead of a blank window. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Triage Desk: ${this.props.area} crashed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="boundary">
        <ErrorMessage
          problem={{
            title: `Triage Desk could not show ${this.props.area}`,
            error: errorFromUnknown(this.state.error),
          }}
          onDismiss={() => this.setState({ error: null })}
        />
        <p className="boundary__hint">
          Nothing you changed was lost: changes are saved on the service as you make them. Try again, or{' '}
          <button type="button" className="link-button" onClick={() => window.location.reload()}>
            reload the window
          </button>
          .
        </p>
      </div>
    );
  }
}
