import { filter, map, Subject, type Observable } from 'rxjs';
import { busEventSchemas, type BusEventInput, type BusEventPayload, type BusEventType } from './events';

interface Envelope {
  type: BusEventType;
  payload: unknown;
}

export interface BusLogger {
  error(message: string, details?: unknown): void;
}

/** Events without a payload may be published with none. */
type PayloadArguments<K extends BusEventType> =
  BusEventInput<K> extends Record<string, never> ? [payload?: BusEventInput<K>] : [payload: BusEventInput<K>];

export interface EventBus {
  /** Validates and delivers an event; a malformed one is logged and dropped, and `false` comes back. */
  publish<K extends BusEventType>(type: K, ...payload: PayloadArguments<K>): boolean;
  on<K extends BusEventType>(type: K): Observable<BusEventPayload<K>>;
}

export function createEventBus(logger: BusLogger = console): EventBus {
  const events = new Subject<Envelope>();
  return {
    publish(type, ...[payload]) {
      const schema = busEventSchemas[type];
      if (!schema) {
        logger.error(`Rejected bus event of unknown type "${String(type)}"`);
        return false;
      }
      const result = schema.safeParse(payload ?? {});
      if (!result.success) {
        logger.error(`Rejected malformed "${type}" bus event`, result.error.issues);
        return false;
      }
      events.next({ type, payload: result.data });
      return true;
    },
    on<K extends BusEventType>(type: K) {
      return events.pipe(
        filter((event) => event.type === type),
        map((event) => event.payload as BusEventPayload<K>),
      );
    },
  };
}
