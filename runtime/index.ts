/**
 * `cohortjs/runtime`: the region runtime's public face for library authors — regions and stores,
 * index spaces, partitioning constraints, launches, futures, reads and configuration.
 */
// The kernels' Wasm compiler on this thread (a global the shipped kernel sources call).
import './wasm-tier.js';

export {
  DefaultMapper,
  type DefaultMapperOptions,
  isMapper,
  type Mapper,
  type MapperQuery,
} from '../mapper/index.js';
export { configure, currentMapper, type RuntimeOptions, workerCount } from './config.js';
export {
  align,
  bloat,
  broadcast,
  type Constraint,
  formatConstraint,
  type ImageMode,
  image,
  project,
  scale,
} from './constraints.js';
export { installDispose, type MaybeDisposable } from './disposable.js';
export {
  checkDType,
  ctorOf,
  DTYPES,
  type DType,
  dtypeOfArray,
  isDType,
  itemsize,
  type TypedArray,
  type TypedArrayCtor,
} from './dtype.js';
export { fence, fenceAsync, gather, readStore, readStoreAsync, syncStore } from './engine.js';
export {
  AllocationError,
  ArgumentTypeError,
  argMessage,
  assertInternal,
  CohortError,
  ConstraintError,
  DisposedError,
  DTypeError,
  describe,
  FormatError,
  IndexError,
  InternalError,
  OverflowError,
  ShapeError,
  TaskError,
  ValueError,
} from './errors.js';
export { Future } from './future.js';
export { type HugePagesState, hugePages } from './huge-pages.js';
export { isProvisional } from './image-task.js';
export { asIntervalSet, boundingRect, IntervalSet, Rect, type SubSpace } from './index-space.js';
export {
  type CombineFn,
  ensureKernel,
  getKernel,
  type KernelFn,
  type KernelInfo,
  type KernelOptions,
  registerCombine,
  registerKernel,
  type TaskContext,
  type WebAssemblyMemoryLike,
} from './kernels.js';
export { launch, launchScalar, withFusedLaunches } from './launch.js';
export {
  DEFAULT_REDUCTION_BLOCK,
  type LaunchArg,
  type LaunchSpec,
  type Privilege,
  type RedOp,
  type ReduceSpec,
} from './launch-types.js';
export { onCollected } from './memory.js';
export {
  allgatherBytes,
  barrier,
  broadcastBytes,
  type CommStats,
  commStats,
  distributed,
  entropySeed,
  mpiVersion,
  rank,
  ranks,
} from './mpi.js';
export {
  Partition,
  type PartitionFacts,
  type PartitionKind,
  type PartitionStats,
  partitionStats,
  resetPartitionStats,
} from './partition.js';
export { type AffineTransform, affinePartition } from './partition-affine.js';
export { currentPartition, imagePartition } from './partition-cache.js';
export { preimagePartition } from './preimage-cache.js';
export {
  checkLive,
  createRegion,
  type DeferredReader,
  deadRegion,
  disposeRegion,
  exposeRegion,
  flushDeferredReaders,
  MAX_REGION_ELEMENTS,
  Region,
  regionFromArray,
} from './region.js';
export { cStrides, Store, shapeSize } from './store.js';
export { chooseGrid, splitRange, tiling, wholePartition } from './tiling.js';
export {
  summarizeTrace,
  type TraceRecord,
  type TraceSummary,
  traceStart,
  traceStop,
} from './trace.js';
export { type WarmupRecord, warmUp, warmupReport } from './warm.js';
