import type { TaskError } from './errors.js';

/**
 * A scalar result that may not be computed yet (a dot product, a norm, `alpha = rr / pAp`).
 * Futures feed later launches without the calling thread waiting; `value()` and `valueAsync()`
 * are the only places that wait.
 */
export class Future {
  /** @internal engine-owned state */
  constructor(
    private readonly resolveSync: () => number,
    private readonly resolveAsync: () => Promise<number>,
  ) {}

  /** A future that already holds `v`. */
  static of(v: number): Future {
    return new Future(
      () => v,
      () => Promise.resolve(v),
    );
  }

  /** A future that already failed. */
  static failed(err: TaskError): Future {
    return new Future(
      () => {
        throw err;
      },
      () => Promise.reject(err),
    );
  }

  /** Waits (blocking the thread) for the value. Throws the {@link TaskError} of a failed computation. */
  value(): number {
    return this.resolveSync();
  }

  /** Waits without blocking the event loop. */
  valueAsync(): Promise<number> {
    return this.resolveAsync();
  }
}
