/**
 * The element types codegen knows. The strings match the runtime's `DType`; codegen declares its own
 * copy because it imports nothing from the runtime.
 */
export type CodegenDType = 'float64' | 'float32' | 'int32' | 'uint8' | 'bool';

/** Every dtype codegen accepts. */
export const CODEGEN_DTYPES: readonly CodegenDType[] = ['bool', 'uint8', 'int32', 'float32', 'float64'];

/** True when `x` names a dtype. */
export function isCodegenDType(x: unknown): x is CodegenDType {
  return typeof x === 'string' && (CODEGEN_DTYPES as readonly string[]).includes(x);
}
