import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@storefront/server-kit';
import type { PageRenderer, PageRendererOptions } from '../render';

/**
 * The shell's server renderer, built by webpack beside its browser bundle (dist/server/render.js). Without
 * one, every page is sent as a frame the browser renders, as before server rendering.
 */
export function loadPageRenderer(
  shellDist: string,
  options: PageRendererOptions,
  logger: Logger,
): PageRenderer | null {
  const bundle = path.join(shellDist, 'server', 'render.js');
  if (!existsSync(bundle)) {
    logger.warn({ bundle }, 'no server renderer built: pages are rendered in the browser');
    return null;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createPageRenderer } = require(bundle) as typeof import('../render');
  return createPageRenderer(options);
}
