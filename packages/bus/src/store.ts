import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

/** A piece of shared state: read it now, watch it, replace it. */
export interface Store<T> {
  readonly state$: Observable<T>;
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
}

export function createStore<T>(initial: T): Store<T> {
  const subject = new BehaviorSubject<T>(initial);
  return {
    state$: subject.pipe(distinctUntilChanged()),
    get: () => subject.getValue(),
    set: (next) => subject.next(next),
    update: (change) => subject.next(change(subject.getValue())),
  };
}
