import { z } from 'zod';

// The table `npm start` writes (run/endpoints.json) and every caller reads; apart from the callers'
// connection pools, so that a command reading it (a rollback waiting for its swap) loads no HTTP client.

/** Where one release of a module's service answers: its address, and its Unix socket on this machine. */
const endpointSchema = z.object({
  url: z.string(),
  socket: z.string().optional(),
  /** The module release it belongs to, and its service build's version. */
  release: z.string().optional(),
  service: z.string().optional(),
});
export type ServiceEndpoint = z.infer<typeof endpointSchema>;

const moduleEndpointsSchema = z.object({
  live: endpointSchema,
  /** A release given to a share of shoppers (percent) beside the live one. */
  canary: endpointSchema.extend({ share: z.number() }).nullable().optional(),
  /**
   * Set while the live release is handed over on a database only one process may open: nothing new is
   * sent until the next release answers, so nothing reaches a process that is stopping.
   */
  paused: z.boolean().optional(),
  /** A release that was wanted live but never answered: the live one went on. */
  failed: z.string().optional(),
});
export type ModuleEndpoints = z.infer<typeof moduleEndpointsSchema>;

export const endpointTableSchema = z.record(z.string(), moduleEndpointsSchema);
export type EndpointTable = z.infer<typeof endpointTableSchema>;
