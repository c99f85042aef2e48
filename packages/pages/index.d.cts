/** The function of the page-advice addon (packages/pages/src/cohort_pages.c). */
export interface PagesAddon {
  /**
   * madvise(MADV_HUGEPAGE) over the whole pages inside the view: 0, else the errno (EINVAL for a
   * view that is not a Uint8Array, ENOSYS where the advice does not exist).
   */
  advise(view: Uint8Array): number;
  /**
   * madvise(MADV_DONTNEED) over the whole pages inside the view: they read as zeros afterwards.
   * 0, else the errno. (Absent from builds before 2026-11-29.)
   */
  discard?(view: Uint8Array): number;
  /**
   * madvise(MADV_POPULATE_WRITE) over the whole pages inside the view: faulted in writable. 0,
   * else the errno (EINVAL before Linux 5.14). (Absent from builds before 2026-11-29.)
   */
  populate?(view: Uint8Array): number;
  /**
   * Reports `bytes` of external memory to V8 and withdraws the report (napi_adjust_external_memory):
   * past V8's hard limit it collects all garbage synchronously. Returns the external memory counted
   * during the report, or -1 for a bad argument. (Absent from builds before 2026-11-27.)
   */
  pressure?(bytes: number): number;
  /**
   * Weak references that young-generation collections clear (Node-API references with a count
   * of 0, unlike a WeakRef): `watch` returns a slot (-1 on failure), `dead` writes the slots whose
   * objects were collected into `out` (and frees them) and returns how many, `alive` reads one
   * slot, `unwatch` frees one. (Absent from builds before 2026-11-27's second session.)
   */
  watch?(target: object): number;
  dead?(out: Int32Array): number;
  alive?(slot: number): boolean;
  unwatch?(slot: number): void;
}
export declare const addon: PagesAddon | null;
export declare const reason: string;
