import { createInternalClient, type InternalClient, type InternalClientOptions } from './internal-client';

/** A delivery that runs in the background: at once when nudged, and on a timer after a failure. */
export interface Relay {
  /** Asks for a delivery now; one asked for while another runs follows it (it may hold newer rows). */
  nudge(): void;
  stop(): void;
}

/**
 * Runs `deliver` one at a time: when nudged (a write just added work) and every `intervalMs` (work
 * left by an outage of the receiver). A failed delivery is reported and left to the next one: the rows
 * it had to send stay in their outbox, so nothing is lost.
 */
export function startRelay(
  deliver: () => Promise<unknown>,
  intervalMs: number,
  onFailure: (error: unknown) => void,
): Relay {
  let running: Promise<unknown> | null = null;
  let again = false;
  const nudge = () => {
    if (running) return void (again = true);
    running = deliver()
      .catch(onFailure)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  };
  const timer = setInterval(nudge, intervalMs).unref();
  return { nudge, stop: () => clearInterval(timer) };
}

/**
 * The client a relay delivers with: a delivery that finds the receiver restarting fails at once rather
 * than being held (the relay tries it again, and its rows wait in their outbox), and one delivery at a
 * time needs few connections.
 */
export function createRelayClient(
  options: Omit<InternalClientOptions, 'outageHoldMs' | 'connections'>,
): InternalClient {
  return createInternalClient({ ...options, outageHoldMs: 0, connections: 2 });
}
