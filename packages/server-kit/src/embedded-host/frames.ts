import type { Socket } from 'node:net';
import { deserialize, serialize } from 'node:v8';

/**
 * The embedded database host's wire: each message is V8's structured serialisation (so a row's Date,
 * bigint and bytes arrive as they left PGlite, as they would in-process), after its length.
 */
const LENGTH_BYTES = 4;

export function writeFrame(socket: Socket, message: unknown): void {
  const body = serialize(message);
  const header = Buffer.allocUnsafe(LENGTH_BYTES);
  header.writeUInt32BE(body.length);
  socket.write(Buffer.concat([header, body]));
}

/** Calls `onMessage` with each whole message the socket brings, however its bytes were split. */
export function readFrames(socket: Socket, onMessage: (message: unknown) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= LENGTH_BYTES) {
      const end = LENGTH_BYTES + pending.readUInt32BE(0);
      if (pending.length < end) break;
      const message = deserialize(pending.subarray(LENGTH_BYTES, end)) as unknown;
      pending = pending.subarray(end);
      onMessage(message);
    }
  });
}
