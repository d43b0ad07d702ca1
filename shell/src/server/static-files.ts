import { stat } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type RequestHandler } from 'express';

const acceptsGzip = (header: string | undefined) => /\bgzip\b/.test(header ?? '');

/**
 * Sends `file.gz` in place of `file` to a browser that takes gzip, when the build wrote one (every
 * script is precompressed at build time, at a higher ratio than compressing on the fly). Looked up per
 * request, so a version deployed while the server runs is served compressed too.
 */
function precompressed(root: string): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !acceptsGzip(req.headers['accept-encoding']))
      return next();
    let file: string;
    try {
      file = path.join(base, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(base + path.sep)) return next();
    stat(`${file}.gz`, (error, stats) => {
      if (error || !stats.isFile()) return next();
      res.vary('Accept-Encoding');
      res.setHeader('Content-Encoding', 'gzip');
      res.type(path.extname(file)); // the original's type, not application/gzip
      req.url = `${req.path}.gz${req.url.slice(req.path.length)}`;
      next();
    });
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
