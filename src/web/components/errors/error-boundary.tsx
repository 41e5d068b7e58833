import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

type Props = { children: ReactNode; fallback?: (reset: () => void) => ReactNode };
type State = { error: unknown };

/** Last line of defence: a rendering error shows a friendly page instead of a blank screen. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled rendering error', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  render() {
    if (this.state.error === null) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.reset);
    return (
      <ErrorPage
        standalone
        title="Something went wrong"
        message="This page could not be shown. Try again, and if it keeps happening, reload the portal."
        onRetry={this.reset}
      />
    );
  }
}
