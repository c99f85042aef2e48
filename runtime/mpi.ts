/**
 * The MPI world (DESIGN.md §9): detection of an `mpirun` launch, the transport (the optional
 * `cohortjs-mpi` addon, packages/mpi), byte and message counters, and the exit policy.
 *
 * Alone (no MPI launcher in the environment) nothing here loads MPI: `rank()` is 0, `ranks()` 1,
 * `commStats()` zeros. Under `mpirun` the addon initializes MPI when this module loads, and every
 * collective goes through the functions below, which count what they move.
 *
 * Exit policy (measured in issue 22's feasibility check): a rank that ends normally calls
 * `MPI_Finalize`; a rank that ends with a non-zero code (an uncaught error, an unhandled
 * rejection, `process.exit(n)`) calls `MPI_Abort(n)`, which ends every rank of the job at once —
 * finalizing on an error path would leave the other ranks waiting in a collective forever.
 */
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { CohortError } from './errors.js';

/** What `commStats()` reports: bytes and messages this rank sent and received. */
export interface CommStats {
  readonly bytesSent: number;
  readonly bytesReceived: number;
  readonly messages: number;
}

/** The addon's functions (packages/mpi/index.d.cts). */
interface Transport {
  init(): [number, number, number];
  barrier(): void;
  bcast(buffer: ArrayBufferView, root: number): void;
  allgatherv(send: ArrayBufferView, recv: ArrayBufferView, counts: Int32Array, displs: Int32Array): void;
  allreduceMaxI32(value: number): number;
  sendrecv(send: ArrayBufferView, dest: number, recv: ArrayBufferView, source: number, tag: number): void;
  exchange(
    sends: readonly ArrayBufferView[],
    sendPeers: Int32Array,
    sendTags: Int32Array,
    recvs: readonly ArrayBufferView[],
    recvPeers: Int32Array,
    recvTags: Int32Array,
  ): void;
  finalize(): void;
  abort(code: number): never;
  version(): string;
  discard(view: ArrayBufferView): number;
  resident(view: ArrayBufferView): number;
}

/** The launcher's world size from the environment (Open MPI, MPICH/Hydra, MVAPICH), or 0. */
export function launcherSize(env: Readonly<Record<string, string | undefined>> = process.env): number {
  if (env.COHORT_MPI === '0') return 0;
  for (const key of ['OMPI_COMM_WORLD_SIZE', 'PMI_SIZE', 'MV2_COMM_WORLD_SIZE']) {
    const v = env[key];
    if (v !== undefined && v !== '') {
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1) return n;
    }
  }
  return 0;
}

/** Loads the addon, or explains why it is not there. */
function loadTransport(): { addon: Transport | null; reason: string } {
  try {
    const req = createRequire(import.meta.url);
    const mod = req('cohortjs-mpi') as { addon: Transport | null; reason: string };
    return mod;
  } catch (err) {
    return {
      addon: null,
      reason: `the package cohortjs-mpi is not installed (${err instanceof Error ? err.message : String(err)})`,
    };
  }
}

const world = {
  rank: 0,
  size: 1,
  transport: null as Transport | null,
  bytesSent: 0,
  bytesReceived: 0,
  messages: 0,
};

function start(): void {
  // Worker threads never talk to MPI: the issuing thread does every collective.
  if (!isMainThread) return;
  const n = launcherSize();
  if (n === 0) return;
  // Open MPI's blocking waits spin a core; the issuing thread waits in them (planned copies,
  // reduction partials) while this rank's workers and the other ranks need the cores. Yielding
  // while idle took CG at nx = 1000 on 2 ranks × 1 worker from 207 to 83 ms per iteration on a
  // loaded 2-core host (benchmarks/mpi/_cg.ts). Read by MPI_Init; the user's setting wins.
  process.env.OMPI_MCA_mpi_yield_when_idle ??= '1';
  const { addon, reason } = loadTransport();
  if (addon === null) {
    throw new CohortError(
      `cohort: started by an MPI launcher (${n} ranks) but the MPI transport is not available: ${reason}. ` +
        'Install MPI (Debian: apt-get install openmpi-bin libopenmpi-dev), run `npm run build:mpi`, ' +
        'or set COHORT_MPI=0 to run every rank as an independent single process.',
    );
  }
  const [rank, size] = addon.init();
  world.rank = rank;
  world.size = size;
  world.transport = addon;
  // Node emits 'exit' before it prints an uncaught error, and MPI_Abort ends the process inside
  // that handler: print the error first, naming the rank, so that it reaches the job's stderr.
  process.on('uncaughtExceptionMonitor', (err, origin) => {
    const text = err instanceof Error ? (err.stack ?? String(err)) : String(err);
    process.stderr.write(`cohort rank ${rank}/${size} (${origin}): ${text}\n`);
  });
  process.on('exit', (code) => {
    if (code === 0) addon.finalize();
    else addon.abort(code);
  });
}
start();

/** This process's rank in the MPI job (0 alone). */
export function rank(): number {
  return world.rank;
}

/** The number of ranks of the MPI job (1 alone). */
export function ranks(): number {
  return world.size;
}

/** Bytes and messages this rank has sent and received through MPI (zeros alone). */
export function commStats(): CommStats {
  return { bytesSent: world.bytesSent, bytesReceived: world.bytesReceived, messages: world.messages };
}

/** True under an MPI launch with more than one rank. */
export function distributed(): boolean {
  return world.size > 1;
}

function transport(): Transport {
  const t = world.transport;
  if (t === null) throw new CohortError('cohort: an MPI collective was called outside an MPI launch');
  return t;
}

/**
 * Every rank's `send` bytes, concatenated in rank order (rank r's at `offsets[r]` of the result's
 * byte view). Ranks may send different lengths. Collective: every rank must call it at the same
 * point of the program.
 */
export function allgatherBytes(send: Uint8Array): { data: Uint8Array; offsets: Int32Array } {
  const n = world.size;
  if (n === 1) return { data: send.slice(), offsets: Int32Array.of(0, send.byteLength) };
  const t = transport();
  const lengths = new Int32Array(n);
  const mine = Int32Array.of(send.byteLength);
  const fours = new Int32Array(n).fill(4);
  const quarter = Int32Array.from({ length: n }, (_, r) => 4 * r);
  t.allgatherv(mine, lengths, fours, quarter);
  const offsets = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) offsets[r + 1] = offsets[r]! + lengths[r]!;
  const data = new Uint8Array(offsets[n]!);
  t.allgatherv(send, data, lengths, offsets.subarray(0, n));
  world.bytesSent += (send.byteLength + 4) * (n - 1);
  world.bytesReceived += offsets[n]! - send.byteLength + 4 * (n - 1);
  world.messages += 2 * (n - 1);
  return { data, offsets };
}

/** Rank `root`'s bytes into every rank's `buffer` (same length on every rank). Collective. */
export function broadcastBytes(buffer: ArrayBufferView, root = 0): void {
  if (world.size === 1) return;
  transport().bcast(buffer, root);
  if (world.rank === root) {
    world.bytesSent += buffer.byteLength * (world.size - 1);
    world.messages += world.size - 1;
  } else {
    world.bytesReceived += buffer.byteLength;
  }
}

/**
 * A seed for a generator created without one: alone, fresh entropy; under MPI, rank 0's draw,
 * broadcast, so that every rank of a replicated program draws the same numbers.
 */
export function entropySeed(): number {
  const seed = Uint32Array.of(Math.floor(Math.random() * 2 ** 32));
  broadcastBytes(seed, 0);
  return seed[0]!;
}

/**
 * Planned point-to-point copies (runtime/shard-copy.ts): this rank's messages of a plan every rank
 * computed identically — it receives `recvs[k]` from `recvPeers[k]` and sends `sends[k]` to
 * `sendPeers[k]`, each message matched by its tag. Every receive is posted before any send and
 * all are awaited together, so no order of the ranks' calls deadlocks. Counted in `commStats()`.
 */
export function exchangeBytes(
  sends: readonly ArrayBufferView[],
  sendPeers: Int32Array,
  sendTags: Int32Array,
  recvs: readonly ArrayBufferView[],
  recvPeers: Int32Array,
  recvTags: Int32Array,
): void {
  if (sends.length === 0 && recvs.length === 0) return;
  transport().exchange(sends, sendPeers, sendTags, recvs, recvPeers, recvTags);
  for (const b of sends) world.bytesSent += b.byteLength;
  for (const b of recvs) world.bytesReceived += b.byteLength;
  world.messages += sends.length + recvs.length;
}

/**
 * Ends the whole job now with `code` (MPI_Abort) after printing `message` on stderr, naming this
 * rank: for a failure that the other ranks cannot learn of at a collective (they would wait for
 * this rank forever). Alone, exits the process with `code`.
 */
export function abortJob(message: string, code = 1): never {
  process.stderr.write(`cohort rank ${world.rank}/${world.size}: ${message}\n`);
  if (world.transport === null) process.exit(code);
  return world.transport.abort(code);
}

/** Waits until every rank reaches this point. Collective. */
export function barrier(): void {
  if (world.size === 1) return;
  transport().barrier();
}

/**
 * The page functions of the addon (runtime/shard-pages.ts) under a distributed launch, else null:
 * `discard` gives the whole pages inside a view back to the OS (they read as zeros after),
 * `resident` counts the resident bytes of those pages.
 */
export function pageTransport(): Pick<Transport, 'discard' | 'resident'> | null {
  const t = world.transport;
  // An addon built before `discard` existed (rebuild with `npm run build:mpi`): no page work.
  return world.size > 1 && pagesOn && t !== null && typeof t.discard === 'function' ? t : null;
}
/** `COHORT_MPI_PAGES=0` keeps every page a rank touched (for comparison). */
const pagesOn = typeof process === 'undefined' || process.env.COHORT_MPI_PAGES !== '0';

/** The MPI library's version string, or '' alone. */
export function mpiVersion(): string {
  return world.transport?.version() ?? '';
}
