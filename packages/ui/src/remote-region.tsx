import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { Spinner } from './spinner';

/** Route and fragment components take no props: they read what they need from the URL and the bus. */
export type ExposedComponent = { default: ComponentType };

/** Loads `remote/exposed`; `fresh` asks for the live version again (after a failure). */
export type RemoteLoader = (remote: string, exposed: string, fresh: boolean) => Promise<ExposedComponent>;

let installedLoader: RemoteLoader = async (remote) => {
  throw new Error(`No remote loader is installed, so "${remote}" cannot be loaded`);
};

/**
 * The shell installs its federation loader here at start. Because this package is a shared singleton,
 * a remote that embeds another module's fragment (the home page's newsletter) uses the same loader,
 * and no remote ever imports another at build time.
 */
export function installRemoteLoader(loader: RemoteLoader): void {
  installedLoader = loader;
}

const Loading = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 0.5rem;
  min-height: 30vh;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

export interface RemoteRegionProps {
  remote: string;
  exposed: string;
  label: string;
  /** Overrides the installed loader (tests). */
  load?: RemoteLoader;
}

/** One region of the page rendered by a remote module, loaded lazily and isolated by its own boundary. */
export function RemoteRegion({ remote, exposed, label, load }: RemoteRegionProps) {
  const [attempt, setAttempt] = useState(0);
  const Exposed = useMemo(
    () => lazy(() => (load ?? installedLoader)(remote, exposed, attempt > 0)),
    [load, remote, exposed, attempt],
  );

  return (
    <RemoteErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <Loading role="status">
            <Spinner /> Loading {label}…
          </Loading>
        }
      >
        <Exposed />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
