/** The function of the page-advice addon (packages/pages/src/cohort_pages.c). */
export interface PagesAddon {
  /**
   * madvise(MADV_HUGEPAGE) over the whole pages inside the view: 0, else the errno (EINVAL for a
   * view that is not a Uint8Array, ENOSYS where the advice does not exist).
   */
  advise(view: Uint8Array): number;
}
export declare const addon: PagesAddon | null;
export declare const reason: string;
