import { Spinner } from '@storefront/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import styled from 'styled-components';
import { loadExposedComponent } from '../federation/remote-loader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

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
  /** Overrides the loader (tests); defaults to the federation runtime. */
  load?: typeof loadExposedComponent;
}

/** One region of the page rendered by a remote module, loaded lazily and isolated by its own boundary. */
export function RemoteRegion({ remote, exposed, label, load = loadExposedComponent }: RemoteRegionProps) {
  const [attempt, setAttempt] = useState(0);
  const Exposed = useMemo(
    () => lazy(() => load(remote, exposed, attempt > 0)),
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
