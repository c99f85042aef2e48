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
 */
#include <errno.h>
#include <stdint.h>
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

static napi_value advise(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1) return number(env, EINVAL);
  bool is_typed = false;
  if (napi_is_typedarray(env, argv[0], &is_typed) != napi_ok || !is_typed) return number(env, EINVAL);
  napi_typedarray_type type;
  size_t length = 0, offset = 0;
  void *data = NULL;
  napi_value buffer;
  if (napi_get_typedarray_info(env, argv[0], &type, &length, &data, &buffer, &offset) != napi_ok)
    return number(env, EINVAL);
  if (type != napi_uint8_array) return number(env, EINVAL);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = ((uintptr_t)data + page - 1) & ~(page - 1);
  uintptr_t hi = ((uintptr_t)data + length) & ~(page - 1);
  if (hi <= lo) return number(env, 0);
  if (madvise((void *)lo, hi - lo, MADV_HUGEPAGE) != 0) return number(env, errno);
  return number(env, 0);
#else
  (void)data;
  return number(env, ENOSYS);
#endif
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

NAPI_MODULE_INIT(/* napi_env env, napi_value exports */) {
  napi_value fn;
  if (napi_create_function(env, "advise", NAPI_AUTO_LENGTH, advise, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "advise", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "pressure", NAPI_AUTO_LENGTH, pressure, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "pressure", fn) != napi_ok) return NULL;
  return exports;
}
