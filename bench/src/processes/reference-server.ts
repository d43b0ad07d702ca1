import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitUntilReady } from '@storefront/delivery/processes';
import { BENCH_ROOT } from '../paths';

/** Starts the bare reference server (bare-server.ts) in its own process and waits until it answers. */
export async function startBareServer(
  bodyFile: string,
  port: number,
  logFile?: string,
  contentType?: string,
) {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(BENCH_ROOT, 'src/processes/bare-server.ts')],
    {
      env: {
        ...process.env,
        BODY_FILE: bodyFile,
        PORT: String(port),
        ...(logFile ? { LOG_FILE: logFile } : {}),
        ...(contentType ? { CONTENT_TYPE: contentType } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitUntilReady('bare reference server', `http://127.0.0.1:${port}/`);
  return server;
}
