import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/** A piece of shared state as every module sees it: read it now, watch it. */
export interface Store<T> {
  readonly state$: Observable<T>;
  get(): T;
  /**
   * The value the server renders with, and so the value the browser hydrates with before it shows
   * its own: the initial value for what only the visitor's browser knows (cart, session, age answer).
   */
  serverValue(): T;
}

/** The same state as its one owner holds it: it may also replace it. */
export interface WritableStore<T> extends Store<T> {
  set(next: T): void;
  update(change: (current: T) => T): void;
}

export interface StoreOptions {
  /** The server sets the same value the browser has before it hydrates (runtime configuration). */
  sameOnServer?: boolean;
}

export function createStore<T>(initial: T, { sameOnServer = false }: StoreOptions = {}): WritableStore<T> {
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
