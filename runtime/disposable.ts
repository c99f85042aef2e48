/**
 * `using` support that type-checks with any TypeScript `lib`: the shipped declarations must not
 * name `Symbol.dispose` (a consumer compiling for ES2022 has no such property, and strict
 * checking of cohort's declarations would fail). A class merges `MaybeDisposable` into its
 * interface: it is `{ [Symbol.dispose](): void }` where the consumer's lib knows `Symbol.dispose`
 * and empty elsewhere; `installDispose` puts the method on the prototype at run time.
 */

type DisposeKey = SymbolConstructor extends { readonly dispose: infer S extends symbol } ? S : never;

/** `{ [Symbol.dispose](): void }` where the TypeScript lib has `Symbol.dispose`, else `{}`. */
export type MaybeDisposable = [DisposeKey] extends [never]
  ? Record<never, never>
  : { [K in DisposeKey]: () => void };

/**
 * Makes `proto[Symbol.dispose]` call `dispose` (Node 20 has `Symbol.dispose`; older engines skip).
 * @param proto a class prototype
 * @param dispose the method to call with the instance as `this`
 */
export function installDispose(proto: object, dispose: (this: never) => void): void {
  const key = (Symbol as { dispose?: symbol }).dispose;
  if (typeof key !== 'symbol') return;
  Object.defineProperty(proto, key, {
    value: function (this: never) {
      dispose.call(this);
    },
    writable: true,
    configurable: true,
  });
}
