import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { DataVersion } from './page-data';

/** A page as it is sent, whole: what a cache can keep. */
export interface PageDocument {
  status: number;
  html: Buffer;
  /** The versions of the data it was made from; null when it may not be kept (see PageData). */
  versions: DataVersion[] | null;
}

/** A page kept for everyone who asks for it with the same key, with its encodings made once. */
export interface CachedPage extends PageDocument {
  etag: string;
  versions: DataVersion[];
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

export interface PageCacheOptions {
  /** Pages kept at most; the least recently served goes first. */
  maxEntries: number;
  /** Whether every answer a page was made from still stands (its service says 304 to its ETag). */
  stillCurrent(versions: readonly DataVersion[]): Promise<boolean>;
}

const etagOf = (html: Buffer) => `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

/** Compressed once per kept page (brotli at a quality that takes a few milliseconds, not a hundred). */
export function encode(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  page.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } })
      : gzipSync(page.html, { level: 6 });
  return page.encoded[encoding]!;
}

/**
 * The shell's cache of anonymous pages (ADR 0013). A page is kept under a key made of its address, the
 * live module versions and what the page may show of a visitor who is nobody in particular (the age
 * answer); it is served again only after each answer it was made from is confirmed current by its
 * service (a conditional GET the service answers 304 from memory), so a price changed, a deploy or a
 * rollback shows on the next request. Renders of one key that arrive together are made once, and so are
 * confirmations, as reads through the gateway are (ADR 0015): a request for a kept page that arrives while
 * a confirmation is on its way waits for the next one, sent as soon as that one is back, and shares it
 * with every request that arrived meanwhile. Each page served was confirmed after its request reached the
 * shell, as without sharing; a crowd on one page costs its services one conditional GET per round trip.
 */
export function createPageCache({ maxEntries, stillCurrent }: PageCacheOptions) {
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<PageDocument>>();
  /** The confirmation on its way for a kept page, and the next one, which requests arriving now share. */
  const confirming = new WeakMap<CachedPage, { sent: Promise<boolean>; next?: Promise<boolean> }>();

  function confirm(kept: CachedPage): Promise<boolean> {
    const sent = stillCurrent(kept.versions);
    const trip = { sent };
    confirming.set(kept, trip);
    const done = () => {
      if (confirming.get(kept) === trip) confirming.delete(kept);
    };
    sent.then(done, done);
    return sent;
  }

  function isCurrent(kept: CachedPage): Promise<boolean> {
    const trip = confirming.get(kept);
    if (!trip) return confirm(kept);
    trip.next ??= trip.sent.then(
      () => confirm(kept),
      () => confirm(kept),
    );
    return trip.next;
  }

  function keep(key: string, page: PageDocument): PageDocument {
    if (page.status !== 200 || page.versions === null) return page;
    const kept: CachedPage = { ...page, versions: page.versions, etag: etagOf(page.html), encoded: {} };
    entries.delete(key);
    entries.set(key, kept);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return kept;
  }

  /** The page for `key`: kept and current, or rendered now (once, for everyone asking at the time). */
  async function page(key: string, render: () => Promise<PageDocument>): Promise<PageDocument> {
    const kept = entries.get(key);
    if (kept && (await isCurrent(kept))) {
      // Most recently served last: the first key is the one to let go.
      entries.delete(key);
      entries.set(key, kept);
      return kept;
    }
    let pending = rendering.get(key);
    if (!pending) {
      pending = render()
        .then((rendered) => keep(key, rendered))
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  /** The page kept for `key`, if there is one and it is current; nothing is rendered here. */
  async function current(key: string): Promise<CachedPage | null> {
    const kept = entries.get(key);
    if (!kept || !(await isCurrent(kept))) return null;
    entries.delete(key);
    entries.set(key, kept);
    return kept;
  }

  return { page, current, size: () => entries.size };
}

export type PageCache = ReturnType<typeof createPageCache>;

export const isCached = (page: PageDocument): page is CachedPage => 'etag' in page;
