import { argMessage, DTypeError } from './errors.js';

/** The element types of regions. `bool` is stored as one byte (0 or 1). */
export type DType = 'float64' | 'float32' | 'int32' | 'uint8' | 'bool';

/** Every dtype, in promotion order from narrowest to widest (bool < uint8 < int32 < float32 < float64 is not a lattice; see dense). */
export const DTYPES: readonly DType[] = ['bool', 'uint8', 'int32', 'float32', 'float64'];

/** A typed array of one of the dtypes. */
export type TypedArray = Float64Array | Float32Array | Int32Array | Uint8Array;

/** The typed-array constructor for a dtype. */
export type TypedArrayCtor =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | Uint8ArrayConstructor;

const CTORS: Record<DType, TypedArrayCtor> = {
  float64: Float64Array,
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  bool: Uint8Array,
};

/** True when `x` names a dtype. */
export function isDType(x: unknown): x is DType {
  return typeof x === 'string' && Object.hasOwn(CTORS, x);
}

/** Checks a dtype argument, throwing {@link DTypeError} naming `fn` and `arg`. */
export function checkDType(fn: string, arg: string, x: unknown): DType {
  if (!isDType(x)) throw new DTypeError(argMessage(fn, arg, `one of ${DTYPES.join(', ')}`, x));
  return x;
}

/** The typed-array constructor that stores `dtype`. */
export function ctorOf(dtype: DType): TypedArrayCtor {
  return CTORS[dtype];
}

/** Bytes per element. */
export function itemsize(dtype: DType): number {
  return CTORS[dtype].BYTES_PER_ELEMENT;
}

/** The dtype that a typed array holds (Uint8Array → uint8). */
export function dtypeOfArray(a: ArrayBufferView): DType | undefined {
  if (a instanceof Float64Array) return 'float64';
  if (a instanceof Float32Array) return 'float32';
  if (a instanceof Int32Array) return 'int32';
  if (a instanceof Uint8Array) return 'uint8';
  return undefined;
}
