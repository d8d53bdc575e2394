import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Spinner } from '@metrology/shared';

interface Props {
  section: string;
  loadingLabel: string;
  /** Decides what a failure leads to: true when the section should render again, false for the fallback. */
  recover: (error: Error) => Promise<boolean>;
  /** Render the section again (the parent remounts this boundary). */
  onRecovered: () => void;
  /** The shopper pressed Retry on the fallback. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** A retry or a fallback to the last good release is under way: show the loading state, not the fallback. */
  recovering: boolean;
}

/**
 * One section failing (load error or a throw while rendering) never takes the page down: the shell retries,
 * falls back to the last good release, and only then shows this fallback with Retry; the rest of the page lives on.
 */
export class SectionBoundary extends Component<Props, State> {
  override state: State = { error: null, recovering: false };
  private mounted = false;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, recovering: true };
  }

  override componentDidMount(): void {
    this.mounted = true;
  }

  override componentWillUnmount(): void {
    this.mounted = false;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.section} section failed`, error, info.componentStack);
    this.props.recover(error).then(
      (again) => {
        if (!this.mounted) return;
        if (again) this.props.onRecovered();
        else this.setState({ recovering: false });
      },
      () => {
        if (this.mounted) this.setState({ recovering: false });
      },
    );
  }

  private readonly retry = () => {
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.state.recovering) return <Spinner label={this.props.loadingLabel} />;
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
