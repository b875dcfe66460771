import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children once they threw. Remount the boundary (a new key) to try them again. */
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Keeps a remote's render error inside the content area: the sidebar, header and other sections keep working. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A remote screen failed to render', error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
