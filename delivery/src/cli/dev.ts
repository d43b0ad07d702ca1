import path from 'node:path';
import { DEV_SHELL_BUILD, DEV_SHELL_FOLDER } from '@storefront/mf-config';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { REPO_ROOT, remoteModules, SHELL_DIR } from '../modules';

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
 * `npm run dev -- <module>`: serves one remote from webpack's dev server, in development mode with
 * source maps and React Refresh, while the running shell (`npm start`) and every other module stay as
 * they are. The shell's development build (React's development build, which Refresh needs) is made once
 * at start and served beside it. A browser opts in through the shell's /__dev/modules/<module> address;
 * no other browser sees the difference.
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
      // The shop's pages are on the shell's origin: they load these scripts and their updates from here.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: false, logging: 'warn', webSocketURL: `ws://127.0.0.1:${DEV_SERVER_PORT}/ws` },
      static: {
        directory: path.join(REPO_ROOT, SHELL_DIR, DEV_SHELL_BUILD),
        publicPath: `/${DEV_SHELL_FOLDER}`,
        watch: false,
      },
    },
    webpack(webpackConfigOf(module.dir)),
  );
  await server.start();
  console.log(
    [
      `\n  ${module.name}: served with React Refresh at ${origin}/remoteEntry.js`,
      `  Use it in a browser (only that one): ${SHELL_URL}/__dev/modules/${module.name}?origin=${origin}`,
      `  Back to the live version:            ${SHELL_URL}/__dev/modules/clear\n`,
    ].join('\n'),
  );
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
