import type { TaskError } from './errors.js';

/** How a pending future is resolved (installed by the engine; avoids an import cycle). */
export interface FutureResolver {
  sync(f: Future): number;
  async(f: Future): Promise<number>;
}

let resolver: FutureResolver | null = null;

/** @internal Installs the engine's resolver. */
export function setFutureResolver(r: FutureResolver): void {
  resolver = r;
}

/**
 * A scalar result that may not be computed yet (a dot product, a norm, `alpha = rr / pAp`).
 * It is backed by shared memory: a Float64 slot and the completion event of the task that
 * produces it, so futures feed later launches and scalar tasks without the calling thread
 * waiting; `value()` and `valueAsync()` are the only places that wait.
 * @example
 * const f = Future.of(2);
 * f.value(); // 2
 */
export class Future {
  /** @internal The value, once known on this thread. */
  _value: number;
  /** @internal The producing task's event, or -1 when the value (or error) is known. */
  _seq: number;
  /** @internal The worker slot that produces it (-1: none / inline). */
  _slot: number;
  /** @internal The failure, once known. */
  _error: TaskError | null;

  /** @internal Futures are made by launches, {@link Future.of} and {@link Future.failed}. */
  /**
   * True when the value was known when the future was made (an inline reduction, a host
   * computation), not later found done: a fact of the program, never of timing, so libraries may
   * decide on it (e.g. to compute with the value on the issuing thread) the same way on every run.
   */
  readonly _immediate: boolean;

  constructor(value: number, seq: number, slot: number, error: TaskError | null) {
    this._value = value;
    this._seq = seq;
    this._slot = slot;
    this._error = error;
    this._immediate = seq < 0 && error === null;
  }

  /**
   * A future that already holds `v`.
   * @param v the value
   * @returns a resolved future
   */
  static of(v: number): Future {
    return new Future(v, -1, -1, null);
  }

  /**
   * A future that already failed.
   * @param err the error that `value()` throws
   * @returns a failed future
   */
  static failed(err: TaskError): Future {
    return new Future(Number.NaN, -1, -1, err);
  }

  /** @internal A future produced by task `seq` (on worker slot `slot`). */
  static pending(seq: number, slot: number): Future {
    return new Future(Number.NaN, seq, slot, null);
  }

  /**
   * Waits (blocking the thread) for the value.
   * @returns the value
   * @throws {TaskError} when the computation (or one it depends on) failed
   */
  value(): number {
    if (this._seq < 0) {
      if (this._error !== null) throw this._error;
      return this._value;
    }
    return resolver!.sync(this);
  }

  /**
   * Waits without blocking the event loop.
   * @returns a promise of the value (rejected with the {@link TaskError} of a failed computation)
   */
  valueAsync(): Promise<number> {
    if (this._seq < 0)
      return this._error !== null ? Promise.reject(this._error) : Promise.resolve(this._value);
    return resolver!.async(this);
  }
}
