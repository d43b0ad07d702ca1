import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { Card } from './layout';

const Message = styled(Card)`
  max-width: 640px;
  margin: 3rem auto;
  text-align: center;
  h2 {
    font-size: 1.3rem;
  }
`;

interface Props {
  /** What the region is, in the shopper's words: 'checkout', 'policy page'. */
  label: string;
  /** What the shopper can still do; a route region reassures that the rest of the site works. */
  hint?: string;
  onRetry(): void;
  children: ReactNode;
}

let renderErrorReporter: ((error: Error) => void) | null = null;

/** Who is told of a remote's render that threw (the shell counts it against the module's release). */
export function reportRemoteRenderErrors(reporter: (error: Error) => void): void {
  renderErrorReporter = reporter;
}

/** Keeps a failing remote inside its region: a plain message and a retry, never a blank site. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.label} failed`, error, info.componentStack);
    renderErrorReporter?.(error);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Message role="alert">
        <h2>The {this.props.label} is unavailable right now.</h2>
        <p>{this.props.hint ?? 'The rest of the site is working. Please try again in a moment.'}</p>
        <Button type="button" onClick={this.retry}>
          Try again
        </Button>
      </Message>
    );
  }
}
