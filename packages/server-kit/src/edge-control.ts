import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { SERVICE_KEY_HEADER } from './internal-paths';
import type { Logger } from './logger';

/**
 * The edges that keep anonymous pages in front of the shells (nginx with page-cache.js: the loopback
 * balancer, the edge Deployment), told when what pages show is about to change (ADR 0021).
 */
export interface EdgeControl {
  /**
   * Shows new data: every edge is held (it neither serves nor keeps pages), `swap` makes the data
   * current, and every edge is released into a new generation, so that no page kept before the swap is
   * served after it and every page kept after it was rendered after it. An edge that cannot be reached
   * does not stop the swap: the pages it kept are then served until their s-maxage runs out.
   */
  publish(swap: () => void): Promise<void>;
}

/** No edge in front of the shells (one instance of each part, or a test): the swap is all there is. */
export const NO_EDGE: EdgeControl = {
  publish: async (swap) => swap(),
};

export interface EdgeControlOptions {
  /** Each edge's control address (EDGE_CONTROL_URLS); a name with several addresses is every one of them. */
  urls: readonly string[];
  serviceKey: string;
  /** Names the holder in the edge's state, for operators. */
  holder: string;
  logger: Logger;
  /** How long a hold lasts if its release never comes (this process died mid-swap). */
  holdMs?: number;
  timeoutMs?: number;
}

/** The EDGE_CONTROL_URLS setting: addresses separated by spaces or commas. */
export const edgeControlUrls = (setting: string): string[] => setting.split(/[\s,]+/).filter(Boolean);

/** The edges a process's settings name (EDGE_CONTROL_URLS), told with its SERVICE_KEY. */
export const configuredEdgeControl = (
  config: { EDGE_CONTROL_URLS: string; SERVICE_KEY: string },
  holder: string,
  logger: Logger,
): EdgeControl =>
  edgeControl({
    urls: edgeControlUrls(config.EDGE_CONTROL_URLS),
    serviceKey: config.SERVICE_KEY,
    holder,
    logger,
  });

export function edgeControl({
  urls,
  serviceKey,
  holder,
  logger,
  holdMs = 10_000,
  timeoutMs = 2_000,
}: EdgeControlOptions): EdgeControl {
  if (urls.length === 0) return NO_EDGE;

  /** Every edge behind each address: a headless Service's name resolves to each of its pods. */
  async function edges(): Promise<string[]> {
    const found = await Promise.all(
      urls.map(async (address) => {
        const url = new URL(address);
        const hosts = await lookup(url.hostname, { all: true });
        return hosts.map(({ address: ip, family }) => {
          const edge = new URL(url);
          edge.hostname = family === 6 ? `[${ip}]` : ip;
          return edge.origin;
        });
      }),
    );
    return [...new Set(found.flat())];
  }

  /** One hold or release; a refusal or no answer is logged, and the publication goes on. */
  async function tell(edge: string, path: string): Promise<void> {
    try {
      const answer = await fetch(`${edge}${path}`, {
        method: 'POST',
        headers: { [SERVICE_KEY_HEADER]: serviceKey },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (answer.status !== 204)
        logger.warn({ edge, path, status: answer.status }, 'the edge refused a page cache hold or release');
    } catch (error) {
      logger.warn({ edge, path, err: error }, 'the edge could not be told to hold or release its page cache');
    }
  }

  return {
    async publish(swap) {
      const id = `${holder}-${process.pid}-${randomBytes(6).toString('hex')}`;
      const targets = await edges().catch((error: unknown) => {
        logger.warn({ urls, err: error }, 'the edges could not be found to hold their page cache');
        return [];
      });
      await Promise.all(targets.map((edge) => tell(edge, `/edge/hold/${id}?ms=${holdMs}`)));
      try {
        swap();
      } finally {
        await Promise.all(targets.map((edge) => tell(edge, `/edge/release/${id}`)));
      }
    },
  };
}
