import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { BENCH_ROOT } from '../paths';

const FLOOR_DIR = path.join(BENCH_ROOT, 'floor');

/** Builds the floor app (React 19 createRoot and one <h1>) with the webpack and SWC the storefront uses. */
export async function buildFloorApp(): Promise<string> {
  const outputDir = path.join(FLOOR_DIR, 'dist');
  const compiler = webpack({
    mode: 'production',
    context: FLOOR_DIR,
    entry: './src/index.tsx',
    output: { path: outputDir, filename: 'main.js', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2020',
            },
          },
        },
      ],
    },
    performance: { hints: false },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
  return path.join(outputDir, 'main.js');
}

const FLOOR_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title><meta name="description" content="The least a React page can be.">
<script defer src="/main.js"></script></head>
<body><div id="root"></div></body>
</html>`;

/**
 * Serves the floor app from a bare node:http server, its script compressed as the storefront's are:
 * brotli at its highest quality for a browser that takes it, else gzip at its highest level.
 */
export async function serveFloorApp(script: string, port: number): Promise<Server> {
  const source = readFileSync(script);
  const compressed = {
    br: brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(source, { level: 9 }),
  };
  const server = createServer((req, res) => {
    if (req.url === '/main.js') {
      const encoding = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? 'br' : 'gzip';
      res.writeHead(200, {
        'Content-Type': 'text/javascript',
        'Content-Encoding': encoding,
        Vary: 'Accept-Encoding',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      res.end(compressed[encoding]);
    } else if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(FLOOR_PAGE);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
