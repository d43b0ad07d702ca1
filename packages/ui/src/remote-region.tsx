import {
  createContext,
  lazy,
  memo,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import styled from 'styled-components';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { Spinner } from './spinner';
import { useHydrated } from './use-hydrated';

/** Route and fragment components take no props: they read what they need from the URL and the bus. */
export type ExposedComponent = { default: ComponentType };

/** Where regions get remote code from: the shell's federation runtime, in the browser and on its server. */
export interface RemoteModuleLoader {
  /** Loads `remote/exposed`; `fresh` asks for the live version again (after a failure). */
  load(remote: string, exposed: string, fresh: boolean): Promise<ExposedComponent>;
  /** The module if it is loaded already, so a region renders (or hydrates) it at once. */
  peek(remote: string, exposed: string): ExposedComponent | undefined;
}

let installedLoader: RemoteModuleLoader = {
  load: async (remote) => {
    throw new Error(`No remote loader is installed, so "${remote}" cannot be loaded`);
  },
  peek: () => undefined,
};

/**
 * The shell installs its federation loader here at start. Because this package is a shared singleton,
 * a remote that embeds another module's fragment (the home page's newsletter) uses the same loader,
 * and no remote ever imports another at build time.
 */
export function installRemoteLoader(loader: RemoteModuleLoader): void {
  installedLoader = loader;
}

const RemoteLoaderContext = createContext<RemoteModuleLoader | null>(null);

/** On the server each page is rendered with the module versions live when its request arrived. */
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;

const Loading = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 0.5rem;
  min-height: 30vh;
  color: ${({ theme }) => theme.colors.inkMuted};
`;

function RegionLoading({ label }: { label: string }) {
  return (
    <Loading role="status">
      <Spinner /> Loading {label}…
    </Loading>
  );
}

/**
 * Its fallback on the server and while hydrating, its children afterwards. Only this component renders
 * again when the page has hydrated: the region around it, and the rest of the page, do not.
 */
function AfterHydration({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useHydrated() ? children : fallback;
}

/**
 * Marks the region `data-ready` once its module is rendered and hydrated in the browser: from then on
 * it answers the shopper (server HTML shows before that). Tests and monitoring wait for it.
 */
function MarkReady({ frame }: { frame: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    frame.current?.setAttribute('data-ready', '');
  }, [frame]);
  return null;
}

const NEAR_VIEWPORT = '300px';
const now = Promise.resolve();

/** The shopper acting on the page, or its history moving: what may start a navigation of this page. */
const FIRST_ACTS = ['pointerdown', 'keydown', 'popstate'] as const;

/**
 * Resolves once the region comes near the viewport (at once where that cannot be watched), or once the
 * shopper first acts on the page. Code for what is further down the page is not fetched with the page;
 * server-rendered HTML stands meanwhile. But that HTML, until hydrated, would hold back any navigation
 * that reaches it (React hydrates a region before it shows a change of route inside it, so a search
 * sent on the home page would wait until the shopper scrolled down to the newsletter): a click, a key
 * or Back, which may navigate, has it fetched at once.
 */
function useNearViewport(frame: RefObject<HTMLDivElement | null>, enabled: boolean): Promise<void> {
  const [gate] = useState(() => {
    if (!enabled || typeof window === 'undefined') return { promise: now, open: () => undefined };
    let open = () => undefined as void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  });
  useEffect(() => {
    const element = frame.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return gate.open();
    const open = () => {
      stopWatching();
      gate.open();
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && open(),
      {
        rootMargin: NEAR_VIEWPORT,
      },
    );
    const stopWatching = () => {
      observer.disconnect();
      FIRST_ACTS.forEach((act) => window.removeEventListener(act, open, true));
    };
    observer.observe(element);
    FIRST_ACTS.forEach((act) => window.addEventListener(act, open, true));
    return stopWatching;
  }, [frame, enabled, gate]);
  return gate.promise;
}

export interface RemoteRegionProps {
  remote: string;
  exposed: string;
  label: string;
  /**
   * 'client': what it shows only the browser knows (the cart, the session), so the server and the
   * hydrating browser show the loading state and the browser renders it afterwards.
   */
  render?: 'server' | 'client';
  /** 'near-viewport': the browser fetches the code when the region scrolls near the screen. */
  loadWhen?: 'at-once' | 'near-viewport';
  /** Overrides the provided or installed loader (tests). */
  loader?: RemoteModuleLoader;
}

/**
 * One region of the page rendered by a remote module, isolated by its own boundary. A module loaded
 * already renders at once (the server, the page's own route while hydrating); otherwise it is loaded
 * lazily. If the server could not render it, the browser renders it; if that fails too, the region
 * says so with a retry and the rest of the page goes on. Memoised, so a change above a region the
 * browser is still hydrating never forces it to throw away its server HTML.
 */
export const RemoteRegion = memo(function RemoteRegion({
  remote,
  exposed,
  label,
  render = 'server',
  loadWhen = 'at-once',
  loader: given,
}: RemoteRegionProps) {
  const provided = useContext(RemoteLoaderContext);
  const loader = given ?? provided ?? installedLoader;
  const [attempt, setAttempt] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const nearViewport = useNearViewport(frame, loadWhen === 'near-viewport');

  const Exposed = useMemo(() => {
    const loaded = attempt === 0 ? loader.peek(remote, exposed) : undefined;
    if (loaded) return loaded.default;
    return lazy(() => nearViewport.then(() => loader.load(remote, exposed, attempt > 0)));
  }, [loader, remote, exposed, attempt, nearViewport]);

  const content = (
    <Suspense fallback={<RegionLoading label={label} />}>
      <Exposed />
      <MarkReady frame={frame} />
    </Suspense>
  );
  return (
    <div ref={frame} data-region={`${remote}/${exposed}`}>
      <RemoteErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((n) => n + 1)}>
        {render === 'client' ? (
          <AfterHydration fallback={<RegionLoading label={label} />}>{content}</AfterHydration>
        ) : (
          content
        )}
      </RemoteErrorBoundary>
    </div>
  );
});
