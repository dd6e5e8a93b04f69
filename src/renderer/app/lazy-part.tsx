import {
  Component,
  lazy,
  Suspense,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import './lazy-part.css';

/**
 * A part of the app (a screen, a view, a dialog) whose code is loaded the first time it is
 * shown, so the first screen does not wait for it. A failed load can be tried again:
 * `React.lazy` keeps a rejected promise for good, so a retry makes a new lazy component.
 */
interface LazyPart<P extends object> {
  /** What it is, in words that finish "Loading …" and "could not load …" ("the reports"). */
  readonly what: string;
  /** The current lazy component (a new one after each retry). */
  current(): LazyExoticComponent<ComponentType<P>>;
  retry(): void;
  subscribe(listener: () => void): () => void;
}

export function lazyPart<P extends object>(what: string, load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const make = () => lazy(async () => ({ default: await load() }));
  let component = make();
  const listeners = new Set<() => void>();
  return {
    what,
    current: () => component,
    retry() {
      component = make();
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface BoundaryProps {
  part: LazyPart<never>;
  /** The part is a screen: its message stands in the page's main landmark, as the screen would. */
  screen: boolean;
  children: ReactNode;
}

/** Only a failed load lands here: a crash of the part itself goes on to the app's own boundaries. */
class LoadBoundary extends Component<BoundaryProps, { failed: unknown }> {
  override state = { failed: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isLoadFailure(error))
      console.error(`Triage Desk: could not load ${this.props.part.what}`, error, info.componentStack);
  }

  override render() {
    const { failed } = this.state;
    if (failed === null) return this.props.children;
    if (!isLoadFailure(failed)) throw failed;
    const retry = () => {
      this.props.part.retry();
      this.setState({ failed: null });
    };
    const Box = this.props.screen ? 'main' : 'div';
    return (
      <Box className={this.props.screen ? 'screen lazy-part' : 'lazy-part'} data-testid="lazy-part-failed">
        <div role="alert" className="error-message">
          <p className="error-message__title">Triage Desk could not load {this.props.part.what}</p>
          <p className="error-message__detail">
            The app&apos;s files for this part did not arrive
            {failed instanceof Error && failed.message ? ` (${failed.message})` : ''}.
          </p>
          <p className="error-message__hint">
            Check that Triage Desk is still running (in a browser: that its gateway is), then retry. Nothing you changed
            was lost.
          </p>
          <div className="error-message__actions">
            <button type="button" className="button button--primary" onClick={retry}>
              Retry
            </button>
          </div>
        </div>
      </Box>
    );
  }
}

/**
 * A module that did not arrive: the browser's own words for a failed `import()` (Chromium,
 * Firefox, Safari) and Vite's for a stylesheet the chunk needed.
 */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|error loading dynamically imported|importing a module script failed|unable to preload css/i.test(
    error.message,
  );
}

/**
 * Shows `part` with `props`: "Loading …" (a polite status, in the space the part will take)
 * while its code arrives, and the failure in words with a Retry if it does not.
 */
export function LazyView<P extends object>({
  part,
  props,
  screen = false,
}: {
  part: LazyPart<P>;
  props: P;
  screen?: boolean;
}) {
  const Current = useSyncExternalStore(part.subscribe, part.current) as ComponentType<P>;
  // A screen's stand-in is the page's main landmark, as the screen will be; a view's sits where the view will.
  const Box = screen ? 'main' : 'div';
  const fallback = (
    <Box className={screen ? 'screen lazy-part' : 'lazy-part'} aria-busy="true">
      <p className="muted" role="status" data-testid="lazy-part-loading">
        Loading {part.what}…
      </p>
    </Box>
  );
  return (
    <LoadBoundary part={part as unknown as LazyPart<never>} screen={screen}>
      <Suspense fallback={fallback}>
        <Current {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
