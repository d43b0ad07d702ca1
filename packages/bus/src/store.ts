import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/** A piece of shared state: read it now, watch it, replace it. */
export interface Store<T> {
  readonly state$: Observable<T>;
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  /**
   * The value the server renders with, and so the value the browser hydrates with before it shows
   * its own: the initial value for what only the visitor's browser knows (cart, session, age answer).
   */
  serverValue(): T;
}

export interface StoreOptions {
  /** The server sets the same value the browser has before it hydrates (runtime configuration). */
  sameOnServer?: boolean;
}

export function createStore<T>(initial: T, { sameOnServer = false }: StoreOptions = {}): Store<T> {
  const subject = new BehaviorSubject<T>(initial);
  const get = () => subject.getValue();
  return {
    state$: subject.pipe(distinctUntilChanged()),
    get,
    set: (next) => subject.next(next),
    update: (change) => subject.next(change(subject.getValue())),
    serverValue: sameOnServer ? get : () => initial,
  };
}
