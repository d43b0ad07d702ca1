import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDataDir } from '@storefront/server-kit';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { devSessionFile, REPO_ROOT, remoteModules, SHELL_DIR } from '../modules';

/** Where the dev server listens; the shell (npm start) stays where it is. */
const DEV_SERVER_PORT = Number(process.env.STOREFRONT_DEV_PORT ?? 3500);
const SHELL_URL = process.env.SHELL_URL ?? 'http://127.0.0.1:3000';

const webpackConfigOf = (dir: string): Configuration =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the apps' configurations are CommonJS
  require(path.join(REPO_ROOT, dir, 'webpack.config.js')) as Configuration;

function compileOnce(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/**
 * Tells the running shell (`npm start`, which named this file to it) that this module is served here,
 * with a token only this terminal shows; removed when the command stops, which ends the loop.
 */
function openSession(module: string, origin: string): { token: string; close(): void } {
  const file = devSessionFile(defaultDataDir());
  const token = randomBytes(24).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ module, origin, token }), { mode: 0o600 });
  return { token, close: () => rmSync(file, { force: true }) };
}

/**
 * `npm run dev -- <module>`: serves one remote from webpack's dev server, in development mode with
 * source maps and React Refresh, while the running shell (`npm start`) and every other module stay as
 * they are. The shell's development build (React's development build, which Refresh needs) is made once
 * at start; the shell serves it itself. A browser opts in with the token this command prints, on the
 * shell's /__dev/modules/<module> page; no other browser sees the difference, and the loop ends with
 * the command.
 */
async function main() {
  const name = process.argv[2];
  const module = remoteModules.find((candidate) => candidate.name === name);
  if (!module) {
    console.error(`Usage: npm run dev -- <module>, one of: ${remoteModules.map((m) => m.name).join(', ')}`);
    process.exit(64);
  }
  const origin = `http://127.0.0.1:${DEV_SERVER_PORT}`;
  // Read by the apps' webpack configurations (packages/mf-config) to give their development builds.
  process.env.STOREFRONT_DEV_SERVER = origin;
  process.env.NODE_ENV = 'development';

  console.log('  shell: development build (once)…');
  await compileOnce(webpackConfigOf(SHELL_DIR));
  const server = new WebpackDevServer(
    {
      host: '127.0.0.1',
      port: DEV_SERVER_PORT,
      hot: true,
      liveReload: false,
      allowedHosts: 'all',
      // The shop's pages are on the shell's origin: they load this module's scripts and updates from here.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: false, logging: 'warn', webSocketURL: `ws://127.0.0.1:${DEV_SERVER_PORT}/ws` },
      static: false,
    },
    webpack(webpackConfigOf(module.dir)),
  );
  await server.start();
  const session = openSession(module.name, origin);
  const optIn = `${SHELL_URL}/__dev/modules/${module.name}`;
  console.log(
    [
      `\n  ${module.name}: served with React Refresh at ${origin}/remoteEntry.js`,
      `  Use it in a browser (only that one): ${optIn}?token=${session.token}`,
      `  (the page asks for this token: ${session.token})`,
      `  Back to the live version: stop this command, or the page's "Back to live" at ${SHELL_URL}/__dev/modules/clear\n`,
    ].join('\n'),
  );
  const stop = () => {
    session.close();
    void server.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('exit', () => session.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
