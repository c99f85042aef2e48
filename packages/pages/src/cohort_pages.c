/*
 * cohort's native helpers for the region heap.
 *
 * advise(view: Uint8Array) -> 0 on success, else the errno of madvise (or ENOSYS, EINVAL).
 *   Asks the kernel to back a range of the region heap with transparent huge pages (madvise
 *   MADV_HUGEPAGE), as NumPy does for its large arrays. Linux only; elsewhere it reports ENOSYS
 *   and changes nothing. The range is the view's bytes, shrunk inward to whole pages.
 *
 * pressure(bytes: number) -> the external memory V8 counted while the report stood.
 *   Reports `bytes` of external memory to V8 and withdraws the report at once
 *   (napi_adjust_external_memory, +bytes then -bytes). Past V8's hard limit for external memory
 *   the first call makes V8 collect all garbage there and then — one synchronous mark-compact,
 *   what runtime/reclaim.ts otherwise drives by allocating never-touched buffers (each of which
 *   costs a scavenge). Nothing is allocated.
 *
 * discard(view: Uint8Array) -> 0 on success, else the errno of madvise (or ENOSYS, EINVAL).
 *   Gives the whole pages inside the view back to the kernel (madvise MADV_DONTNEED): they read
 *   as zeros afterwards and are faulted in afresh at their next write. runtime/zero-pages.ts calls
 *   it only on pages that hold zeros, so no value changes: it replaces mappings of the shared zero
 *   page, whose first write would otherwise copy it and flush every CPU's TLB (an IPI per page).
 *
 * populate(view: Uint8Array) -> 0 on success, else the errno (EINVAL where the kernel is older
 *   than 5.14 and lacks MADV_POPULATE_WRITE). Faults the whole pages inside the view in writable
 *   (zero-filled where they were not mapped), as if each were written.
 *
 * watch(token: object) -> a slot number (-1 on failure); dead(out: Int32Array) -> how many slots
 * it wrote; alive(slot: number) -> boolean; unwatch(slot: number) -> undefined.
 *   Weak references (napi_create_reference with a count of 0) that a caller can read at any
 *   time: `dead` writes to `out` the slots whose objects V8 collected (and frees those slots),
 *   at most out.length of them. Unlike a JavaScript WeakRef, whose target V8 keeps through every
 *   young-generation collection, such a reference is cleared by the scavenge that finds a young
 *   object dead — so runtime/reclaim.ts learns that a short-lived region died at the next
 *   scavenge (about a millisecond) instead of forcing a full collection (tens of ms). `unwatch`
 *   frees a slot early; `alive` reads one slot (runtime/reclaim-young.ts's canary). Each thread (Node-API environment) has its
 *   own table.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <node_api.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

static napi_value number(napi_env env, int32_t v) {
  napi_value out;
  napi_create_int32(env, v, &out);
  return out;
}

/* The whole pages inside a Uint8Array argument: *lo, *hi (hi <= lo: none); EINVAL when not one. */
static int32_t page_range(napi_env env, napi_callback_info info, uintptr_t *lo, uintptr_t *hi) {
  size_t argc = 1;
  napi_value argv[1];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1) return EINVAL;
  bool is_typed = false;
  if (napi_is_typedarray(env, argv[0], &is_typed) != napi_ok || !is_typed) return EINVAL;
  napi_typedarray_type type;
  size_t length = 0, offset = 0;
  void *data = NULL;
  napi_value buffer;
  if (napi_get_typedarray_info(env, argv[0], &type, &length, &data, &buffer, &offset) != napi_ok)
    return EINVAL;
  if (type != napi_uint8_array) return EINVAL;
#if defined(__linux__)
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  *lo = ((uintptr_t)data + page - 1) & ~(page - 1);
  *hi = ((uintptr_t)data + length) & ~(page - 1);
#else
  (void)data;
  *lo = *hi = 0;
#endif
  return 0;
}

/* madvise(advice) over the whole pages inside the Uint8Array argument: 0, else the errno
 * (ENOSYS where the advice does not exist here: advice < 0). */
static napi_value madvise_view(napi_env env, napi_callback_info info, int advice) {
  uintptr_t lo = 0, hi = 0;
  int32_t err = page_range(env, info, &lo, &hi);
  if (err != 0) return number(env, err);
#if defined(__linux__)
  if (advice < 0) return number(env, ENOSYS);
  if (hi <= lo) return number(env, 0);
  if (madvise((void *)lo, hi - lo, advice) != 0) return number(env, errno);
  return number(env, 0);
#else
  (void)advice;
  return number(env, ENOSYS);
#endif
}

#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23
#endif
#if !defined(MADV_HUGEPAGE)
#define MADV_HUGEPAGE (-1)
#endif
#if !defined(MADV_DONTNEED)
#define MADV_DONTNEED (-1)
#endif
#if !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE (-1)
#endif

static napi_value advise(napi_env env, napi_callback_info info) {
  return madvise_view(env, info, MADV_HUGEPAGE);
}

static napi_value discard(napi_env env, napi_callback_info info) {
  return madvise_view(env, info, MADV_DONTNEED);
}

static napi_value populate(napi_env env, napi_callback_info info) {
  return madvise_view(env, info, MADV_POPULATE_WRITE);
}

static napi_value pressure(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  double bytes = 0;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1) return number(env, -1);
  if (napi_get_value_double(env, argv[0], &bytes) != napi_ok || !(bytes > 0) || bytes > 9.0e15)
    return number(env, -1);
  int64_t during = 0, after = 0;
  if (napi_adjust_external_memory(env, (int64_t)bytes, &during) != napi_ok) return number(env, -1);
  napi_adjust_external_memory(env, -(int64_t)bytes, &after);
  napi_value out;
  napi_create_double(env, (double)during, &out);
  return out;
}

/* The table of watched objects of one environment (thread): refs[slot], or NULL for a free
 * slot (free slots are chained through next_free[]). */
typedef struct {
  napi_ref *refs;
  int32_t *next_free;
  int32_t slots, capacity, free_head;
} Table;

static void table_finalize(napi_env env, void *data, void *hint) {
  (void)hint;
  Table *t = data;
  for (int32_t s = 0; s < t->slots; s++)
    if (t->refs[s] != NULL) napi_delete_reference(env, t->refs[s]);
  free(t->refs);
  free(t->next_free);
  free(t);
}

static Table *table_of(napi_env env) {
  Table *t = NULL;
  if (napi_get_instance_data(env, (void **)&t) == napi_ok && t != NULL) return t;
  t = calloc(1, sizeof(Table));
  if (t == NULL) return NULL;
  t->free_head = -1;
  if (napi_set_instance_data(env, t, table_finalize, NULL) != napi_ok) {
    free(t);
    return NULL;
  }
  return t;
}

static napi_value watch(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  Table *t = table_of(env);
  if (t == NULL || napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1)
    return number(env, -1);
  napi_valuetype type;
  if (napi_typeof(env, argv[0], &type) != napi_ok || (type != napi_object && type != napi_function))
    return number(env, -1);
  int32_t slot = t->free_head;
  if (slot >= 0) {
    t->free_head = t->next_free[slot];
  } else {
    if (t->slots == t->capacity) {
      int32_t cap = t->capacity > 0 ? t->capacity * 2 : 4096;
      napi_ref *r = realloc(t->refs, (size_t)cap * sizeof(napi_ref));
      if (r == NULL) return number(env, -1);
      t->refs = r;
      int32_t *f = realloc(t->next_free, (size_t)cap * sizeof(int32_t));
      if (f == NULL) return number(env, -1);
      t->next_free = f;
      t->capacity = cap;
    }
    slot = t->slots++;
  }
  if (napi_create_reference(env, argv[0], 0, &t->refs[slot]) != napi_ok) {
    t->refs[slot] = NULL;
    t->next_free[slot] = t->free_head;
    t->free_head = slot;
    return number(env, -1);
  }
  return number(env, slot);
}

static void release(napi_env env, Table *t, int32_t slot) {
  napi_delete_reference(env, t->refs[slot]);
  t->refs[slot] = NULL;
  t->next_free[slot] = t->free_head;
  t->free_head = slot;
}

/* The watched slot named by the call's first argument, or -1 (no table, no such slot). */
static int32_t slot_arg(napi_env env, napi_callback_info info, Table **table) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t slot = -1;
  Table *t = table_of(env);
  *table = t;
  if (t == NULL || napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_int32(env, argv[0], &slot) != napi_ok || slot < 0 || slot >= t->slots ||
      t->refs[slot] == NULL)
    return -1;
  return slot;
}

static napi_value unwatch(napi_env env, napi_callback_info info) {
  Table *t;
  int32_t slot = slot_arg(env, info, &t);
  if (slot >= 0) release(env, t, slot);
  return NULL;
}

static napi_value alive(napi_env env, napi_callback_info info) {
  Table *t;
  int32_t slot = slot_arg(env, info, &t);
  bool live = false;
  if (slot >= 0) {
    napi_value v = NULL;
    live = napi_get_reference_value(env, t->refs[slot], &v) == napi_ok && v != NULL;
  }
  napi_value out;
  napi_get_boolean(env, live, &out);
  return out;
}

static napi_value dead(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  Table *t = table_of(env);
  if (t == NULL || napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1)
    return number(env, -1);
  napi_typedarray_type type;
  size_t length = 0, offset = 0;
  void *data = NULL;
  napi_value buffer;
  if (napi_get_typedarray_info(env, argv[0], &type, &length, &data, &buffer, &offset) != napi_ok ||
      type != napi_int32_array)
    return number(env, -1);
  int32_t *out = data;
  int32_t n = 0;
  for (int32_t s = 0; s < t->slots && (size_t)n < length; s++) {
    if (t->refs[s] == NULL) continue;
    napi_value v = NULL;
    if (napi_get_reference_value(env, t->refs[s], &v) != napi_ok || v != NULL) continue;
    release(env, t, s);
    out[n++] = s;
  }
  return number(env, n);
}

NAPI_MODULE_INIT(/* napi_env env, napi_value exports */) {
  napi_value fn;
  if (napi_create_function(env, "advise", NAPI_AUTO_LENGTH, advise, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "advise", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "discard", NAPI_AUTO_LENGTH, discard, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "discard", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "populate", NAPI_AUTO_LENGTH, populate, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "populate", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "pressure", NAPI_AUTO_LENGTH, pressure, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "pressure", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "watch", NAPI_AUTO_LENGTH, watch, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "watch", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "unwatch", NAPI_AUTO_LENGTH, unwatch, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "unwatch", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "alive", NAPI_AUTO_LENGTH, alive, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "alive", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "dead", NAPI_AUTO_LENGTH, dead, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "dead", fn) != napi_ok) return NULL;
  return exports;
}
