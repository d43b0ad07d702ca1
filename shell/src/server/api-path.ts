/** A public API address of the shell's origin: /api/<module>, then the service's path and query. */
const API_PATH = /^\/api\/([^/?#]+)(\/[^?#]*)?(\?.*)?$/;

/**
 * The module an API address names, and the path and query its service is asked; null when it is no
 * API address. The gateway and the server render's own reads split addresses the same way.
 */
export function splitApiPath(url: string): { module: string; path: string; query: string } | null {
  const match = API_PATH.exec(url);
  return match ? { module: match[1]!, path: match[2] ?? '/', query: match[3] ?? '' } : null;
}
