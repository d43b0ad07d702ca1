import { stat } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Request, type RequestHandler } from 'express';

/** What a build writes beside each script, best first: brotli is about a sixth smaller than gzip. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** The precompressed file name a build may hold, without its suffix (the original's name). */
export const withoutCompressionSuffix = (file: string) => file.replace(/\.(br|gz)$/, '');

/** The encodings this request takes (by its Accept-Encoding and their q-values), best first. */
const acceptedEncodings = (req: Request) =>
  PRECOMPRESSED.filter(({ encoding }) => req.acceptsEncodings(encoding) === encoding);

/**
 * Sends `file.br` or `file.gz` in place of `file` to a browser that takes that encoding, when the build
 * wrote one (every script is precompressed at build time, at a higher ratio than compressing on the
 * fly). Looked up per request, so a version deployed while the server runs is served compressed too.
 */
function precompressed(root: string): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const candidates = acceptedEncodings(req);
    if (!candidates.length) return next();
    let file: string;
    try {
      file = path.join(base, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // A path that leaves the folder, or holds a NUL (which no file name can), names no file here.
    if (!file.startsWith(base + path.sep) || file.includes('\0')) return next();
    const tryNext = ([candidate, ...rest]: typeof candidates) => {
      if (!candidate) return next();
      stat(`${file}${candidate.suffix}`, (error, stats) => {
        if (error || !stats.isFile()) return tryNext(rest);
        res.vary('Accept-Encoding');
        res.setHeader('Content-Encoding', candidate.encoding);
        res.type(path.extname(file)); // the original's type, not that of the compressed file
        req.url = `${req.path}${candidate.suffix}${req.url.slice(req.path.length)}`;
        next();
      });
    };
    tryNext(candidates);
  };
}

/**
 * A build folder's files: precompressed where the build compressed them, compressed on the fly
 * otherwise, and cached for a year when `immutable` says the file's name or folder carries its hash.
 */
export function staticFiles(root: string, immutable: (file: string) => boolean): RequestHandler[] {
  return [
    precompressed(root),
    compression(),
    express.static(root, {
      index: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', immutable(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  ];
}
