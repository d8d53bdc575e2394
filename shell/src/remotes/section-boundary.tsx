import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  section: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** One section failing (load error or a throw while rendering) shows this fallback; the rest of the page lives on. */
export class SectionBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.section} section failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="shell-section-fallback" role="alert" data-testid="section-fallback">
        <h1>This part of the shop is not available right now</h1>
        <p>The {this.props.section} section could not be loaded. The rest of the site still works.</p>
        <button type="button" className="ms-button" onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}
