/** What a service asks of the embedded database host, one message per request, answered by `id`. */
export type HostRequest =
  | { id: number; op: 'open'; schema: string }
  | { id: number; op: 'query'; sql: string; params?: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' | 'commit' | 'rollback' }
  | { id: number; op: 'listen' | 'unlisten'; channel: string };

/** A database error as the host saw it: Postgres's fields, so callers can tell a unique violation. */
export interface HostError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export type HostReply =
  | { id: number; result?: unknown }
  | { id: number; error: HostError }
  /** A NOTIFY on a channel this connection listens to. */
  | { notify: string };

/** A schema or channel: a plain SQL name, so it can be written into SET and LISTEN as it is. */
export const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
