/*
 * cohort's page advice: asks the kernel to back a range of the region heap with transparent huge
 * pages (madvise MADV_HUGEPAGE), as NumPy does for its large arrays. Linux only; elsewhere the
 * function reports ENOSYS and changes nothing.
 *
 * advise(view: Uint8Array) -> 0 on success, else the errno of madvise (or ENOSYS, EINVAL).
 * The range is the view's bytes, shrunk inward to whole pages of the system page size.
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

NAPI_MODULE_INIT(/* napi_env env, napi_value exports */) {
  napi_value fn;
  if (napi_create_function(env, "advise", NAPI_AUTO_LENGTH, advise, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "advise", fn) != napi_ok) return NULL;
  return exports;
}
