/** The functions of the MPI addon (packages/mpi/src/cohort_mpi.c). */
export interface MpiAddon {
  /** MPI_Init_thread (FUNNELED) → [rank, size, provided thread level]; idempotent. */
  init(): [number, number, number];
  barrier(): void;
  bcast(buffer: ArrayBufferView | ArrayBuffer, root: number): void;
  /** Byte counts and byte displacements per rank (Int32Arrays). */
  allgatherv(
    send: ArrayBufferView | ArrayBuffer,
    recv: ArrayBufferView | ArrayBuffer,
    counts: Int32Array,
    displs: Int32Array,
  ): void;
  allreduceMaxI32(value: number): number;
  /** dest/source < 0 mean "none" (MPI_PROC_NULL). */
  sendrecv(
    send: ArrayBufferView | ArrayBuffer,
    dest: number,
    recv: ArrayBufferView | ArrayBuffer,
    source: number,
    tag: number,
  ): void;
  /**
   * Planned point-to-point copies: every receive is posted, then every send, then all are awaited
   * (no deadlock whatever the order). Peers and tags are Int32Arrays, one per message.
   */
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
  /** Gives the whole pages inside the view back to the OS (they read as zeros after); bytes given back. */
  discard(view: ArrayBufferView): number;
  /** Bytes of the whole pages inside the view that are resident (mincore); -1 on error. */
  resident(view: ArrayBufferView): number;
}
export declare const addon: MpiAddon | null;
export declare const reason: string;
