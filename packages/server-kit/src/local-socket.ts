import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';

/** What a connection over a Unix socket is taken to come from. */
const LOCAL_PEER = '127.0.0.1';

/**
 * Serves `listener` on a Unix socket at `socketPath` too, for a shell on the same machine (SOCKET_PATH).
 * A socket left by a process that died is replaced. A Unix socket's peer has no address, and every
 * client-address decision (TRUST_PROXY, X-Forwarded-For, the rate limits keyed on it) is made from the
 * peer's address: without one, every shopper would share a single limit. Only processes of this machine
 * allowed to open the file can connect, so each connection is given the loopback address, and the
 * forwarded client is believed exactly as from a shell on 127.0.0.1.
 */
export async function listenOnLocalSocket(listener: RequestListener, socketPath: string): Promise<Server> {
  mkdirSync(path.dirname(socketPath), { recursive: true });
  rmSync(socketPath, { force: true });
  const server = createServer(listener);
  server.on('connection', (socket) => {
    Object.defineProperty(socket, 'remoteAddress', { value: LOCAL_PEER });
  });
  server.listen(socketPath);
  await once(server, 'listening');
  return server;
}
