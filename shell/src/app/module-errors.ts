/** How a module failed in the shopper's browser, as the shell counts it (`POST /__errors`). */
export type ModuleErrorKind = 'render' | 'chunk-load' | 'unhandled-rejection' | 'error';

/** The module and release whose published files an error came from (`/remotes/<module>/<release>/…`). */
const REMOTE_FILE = /\/remotes\/([a-z][a-z0-9-]*)\/([0-9A-Za-z.+-]+)\//;

/**
 * Tells the shell's server that a module failed in this browser, when the error names one of the modules'
 * published files (in its stack or message): a failing release is then seen per release, and a canary
 * is judged by it. Sent as a beacon, so a page being left still sends it; nothing else is sent. It
 * imports nothing shared: the federation runtime's plugins use it before shared modules are ready.
 */
export function reportModuleError(error: unknown, kind: ModuleErrorKind): void {
  const text = error instanceof Error ? `${error.stack ?? ''} ${error.message}` : String(error);
  const found = REMOTE_FILE.exec(text);
  if (!found || typeof navigator === 'undefined' || !navigator.sendBeacon) return;
  const [, module, version] = found;
  navigator.sendBeacon('/__errors', JSON.stringify({ module, version, kind }));
}
