import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

/** Why the server stopped waiting for a region: the browser renders it instead. */
export class RegionTimeout extends Error {
  constructor(budgetMs: number) {
    super(`A region was not ready within ${budgetMs} ms; the browser renders it`);
  }
}

export interface RenderedHtml {
  html: string;
  /** The styled-components rules the HTML uses, as <style> elements for the head. */
  styles: string;
  /** Whether every region rendered here: none was left for the browser (too slow, or it threw). */
  complete: boolean;
}

/**
 * Renders with React's streaming renderer and waits for every region, but no longer than the budget:
 * a region still waiting then (a module slow to load) is sent as its loading state, and the browser
 * renders it. A region that throws is sent the same way (React leaves it to the browser). The styles
 * of everything rendered are collected on the way.
 */
export function renderToHtml(
  element: ReactElement,
  budgetMs: number,
  onRegionError: (error: unknown) => void,
): Promise<RenderedHtml> {
  const sheet = new ServerStyleSheet();
  let complete = true;
  return new Promise<RenderedHtml>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve({ html, styles: sheet.getStyleTags(), complete });
        done();
      },
    });
    const stream = renderToPipeableStream(sheet.collectStyles(element), {
      onAllReady: () => {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError: reject,
      onError: (error) => {
        complete = false;
        onRegionError(error);
      },
      // The whole page goes out at once, so no region is sent apart with an inline script to move it
      // into place (the page allows no inline scripts but its own).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    const timer = setTimeout(() => stream.abort(new RegionTimeout(budgetMs)), budgetMs);
  }).finally(() => sheet.seal());
}
