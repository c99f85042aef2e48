/*
 * cohort's MPI transport: a small Node-API module over the MPI C API (Open MPI or MPICH).
 *
 * Every function is a thin, blocking wrapper that runs on the calling (issuing) thread: the
 * runtime calls it where every rank reaches the same point of the program (control
 * replication), so the spin of a blocking MPI wait lands on the thread that is waiting anyway,
 * never on a worker's core. Buffers are typed arrays (often over a SharedArrayBuffer): their data
 * pointer goes to MPI as is, without a copy.
 */
#define _DEFAULT_SOURCE
#include <mpi.h>
#include <node_api.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CHECK_NAPI(env, call)                                                   \
  do {                                                                          \
    if ((call) != napi_ok) {                                                    \
      napi_throw_error((env), "COHORT_MPI", "cohort mpi: Node-API call failed"); \
      return NULL;                                                              \
    }                                                                           \
  } while (0)

static int g_initialized = 0;

static napi_value throw_mpi(napi_env env, const char *fn, int code) {
  char msg[MPI_MAX_ERROR_STRING + 96];
  char err[MPI_MAX_ERROR_STRING];
  int len = 0;
  err[0] = 0;
  MPI_Error_string(code, err, &len);
  snprintf(msg, sizeof msg, "cohort mpi: %s failed (%d): %s", fn, code, err);
  napi_throw_error(env, "COHORT_MPI", msg);
  return NULL;
}

static int ready(napi_env env) {
  if (!g_initialized) {
    napi_throw_error(env, "COHORT_MPI", "cohort mpi: init() was not called");
    return 0;
  }
  return 1;
}

/* The bytes of a typed array, DataView or ArrayBuffer argument. */
static int bytes_of(napi_env env, napi_value v, void **data, size_t *len) {
  bool is;
  if (napi_is_typedarray(env, v, &is) == napi_ok && is) {
    napi_typedarray_type type;
    size_t length, offset;
    napi_value ab;
    if (napi_get_typedarray_info(env, v, &type, &length, data, &ab, &offset) != napi_ok) return 0;
    size_t size = 1;
    switch (type) {
      case napi_int16_array: case napi_uint16_array: size = 2; break;
      case napi_int32_array: case napi_uint32_array: case napi_float32_array: size = 4; break;
      case napi_float64_array: case napi_bigint64_array: case napi_biguint64_array: size = 8; break;
      default: size = 1;
    }
    *len = length * size;
    return 1;
  }
  if (napi_is_arraybuffer(env, v, &is) == napi_ok && is) {
    return napi_get_arraybuffer_info(env, v, data, len) == napi_ok;
  }
  napi_throw_type_error(env, "COHORT_MPI", "cohort mpi: expected a typed array or ArrayBuffer");
  return 0;
}

static int32_t int_arg(napi_env env, napi_value v) {
  int32_t out = 0;
  napi_get_value_int32(env, v, &out);
  return out;
}

static napi_value make_int(napi_env env, int64_t value) {
  napi_value out;
  napi_create_int64(env, value, &out);
  return out;
}

/* init() → [rank, size, threadLevel]; idempotent. */
static napi_value js_init(napi_env env, napi_callback_info info) {
  (void)info;
  int flag = 0;
  MPI_Initialized(&flag);
  int provided = MPI_THREAD_SINGLE;
  if (!flag) {
    int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
    if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Init_thread", rc);
  } else {
    MPI_Query_thread(&provided);
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  g_initialized = 1;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  napi_value out;
  CHECK_NAPI(env, napi_create_array_with_length(env, 3, &out));
  napi_set_element(env, out, 0, make_int(env, rank));
  napi_set_element(env, out, 1, make_int(env, size));
  napi_set_element(env, out, 2, make_int(env, provided));
  return out;
}

/* barrier() */
static napi_value js_barrier(napi_env env, napi_callback_info info) {
  (void)info;
  if (!ready(env)) return NULL;
  int rc = MPI_Barrier(MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Barrier", rc);
  return NULL;
}

/* bcast(buffer, root): the root's bytes into every rank's buffer (same byte length). */
static napi_value js_bcast(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (!ready(env)) return NULL;
  void *data;
  size_t len;
  if (!bytes_of(env, argv[0], &data, &len)) return NULL;
  int rc = MPI_Bcast(data, (int)len, MPI_BYTE, int_arg(env, argv[1]), MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Bcast", rc);
  return NULL;
}

/*
 * allgatherv(send, recv, counts, displs): rank r's `send` bytes land at byte displs[r] of every
 * rank's `recv`; counts and displs are Int32Arrays of byte counts, one per rank.
 */
static napi_value js_allgatherv(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (!ready(env)) return NULL;
  void *send, *recv, *counts, *displs;
  size_t slen, rlen, clen, dlen;
  if (!bytes_of(env, argv[0], &send, &slen) || !bytes_of(env, argv[1], &recv, &rlen) ||
      !bytes_of(env, argv[2], &counts, &clen) || !bytes_of(env, argv[3], &displs, &dlen))
    return NULL;
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (clen < (size_t)size * 4 || dlen < (size_t)size * 4) {
    napi_throw_range_error(env, "COHORT_MPI", "cohort mpi: allgatherv needs one count and displacement per rank");
    return NULL;
  }
  const int *c = (const int *)counts, *d = (const int *)displs;
  for (int r = 0; r < size; r++) {
    if (c[r] < 0 || d[r] < 0 || (size_t)d[r] + (size_t)c[r] > rlen) {
      napi_throw_range_error(env, "COHORT_MPI", "cohort mpi: allgatherv count/displacement outside the receive buffer");
      return NULL;
    }
  }
  int rc = MPI_Allgatherv(send, (int)slen, MPI_BYTE, recv, c, d, MPI_BYTE, MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Allgatherv", rc);
  return NULL;
}

/* allreduceMaxI32(value) → the largest value over the ranks (agreement checks, error codes). */
static napi_value js_allreduce_max_i32(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (!ready(env)) return NULL;
  int in = int_arg(env, argv[0]), out = 0;
  int rc = MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Allreduce", rc);
  return make_int(env, out);
}

/* sendrecv(send, dest, recv, source, tag): both sides in one call (halo exchange). */
static napi_value js_sendrecv(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (!ready(env)) return NULL;
  void *send, *recv;
  size_t slen, rlen;
  if (!bytes_of(env, argv[0], &send, &slen) || !bytes_of(env, argv[2], &recv, &rlen)) return NULL;
  int dest = int_arg(env, argv[1]), source = int_arg(env, argv[3]), tag = int_arg(env, argv[4]);
  int rc = MPI_Sendrecv(send, (int)slen, MPI_BYTE, dest < 0 ? MPI_PROC_NULL : dest, tag, recv,
                        (int)rlen, MPI_BYTE, source < 0 ? MPI_PROC_NULL : source, tag,
                        MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Sendrecv", rc);
  return NULL;
}

/*
 * exchange(sends, sendPeers, sendTags, recvs, recvPeers, recvTags): planned point-to-point copies.
 * Every receive is posted first (MPI_Irecv), then every send (MPI_Isend), then all are awaited
 * (MPI_Waitall), so two ranks that send to each other cannot deadlock whatever the sizes. The
 * peers and tags come from a plan every rank computed identically (runtime/shard-copy.ts).
 */
#define EXCHANGE_MAX 4096
static napi_value js_exchange(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (!ready(env)) return NULL;
  uint32_t ns = 0, nr = 0;
  CHECK_NAPI(env, napi_get_array_length(env, argv[0], &ns));
  CHECK_NAPI(env, napi_get_array_length(env, argv[3], &nr));
  if (ns + nr > EXCHANGE_MAX) {
    napi_throw_range_error(env, "COHORT_MPI", "cohort mpi: exchange of more than 4096 messages");
    return NULL;
  }
  void *sp, *st, *rp, *rt;
  size_t spl, stl, rpl, rtl;
  if (!bytes_of(env, argv[1], &sp, &spl) || !bytes_of(env, argv[2], &st, &stl) ||
      !bytes_of(env, argv[4], &rp, &rpl) || !bytes_of(env, argv[5], &rt, &rtl))
    return NULL;
  if (spl < ns * 4 || stl < ns * 4 || rpl < nr * 4 || rtl < nr * 4) {
    napi_throw_range_error(env, "COHORT_MPI", "cohort mpi: exchange needs one peer and tag per message");
    return NULL;
  }
  static MPI_Request reqs[EXCHANGE_MAX];
  int n = 0, rc = MPI_SUCCESS;
  for (uint32_t k = 0; k < nr && rc == MPI_SUCCESS; k++) {
    napi_value v;
    void *data;
    size_t len;
    CHECK_NAPI(env, napi_get_element(env, argv[3], k, &v));
    if (!bytes_of(env, v, &data, &len)) return NULL;
    rc = MPI_Irecv(data, (int)len, MPI_BYTE, ((int32_t *)rp)[k], ((int32_t *)rt)[k], MPI_COMM_WORLD, &reqs[n++]);
  }
  for (uint32_t k = 0; k < ns && rc == MPI_SUCCESS; k++) {
    napi_value v;
    void *data;
    size_t len;
    CHECK_NAPI(env, napi_get_element(env, argv[0], k, &v));
    if (!bytes_of(env, v, &data, &len)) return NULL;
    rc = MPI_Isend(data, (int)len, MPI_BYTE, ((int32_t *)sp)[k], ((int32_t *)st)[k], MPI_COMM_WORLD, &reqs[n++]);
  }
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Isend/MPI_Irecv", rc);
  rc = MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
  if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Waitall", rc);
  return NULL;
}

/* finalize(): the end of a successful run. */
static napi_value js_finalize(napi_env env, napi_callback_info info) {
  (void)info;
  int flag = 0;
  MPI_Finalized(&flag);
  if (g_initialized && !flag) {
    int rc = MPI_Finalize();
    if (rc != MPI_SUCCESS) return throw_mpi(env, "MPI_Finalize", rc);
  }
  return NULL;
}

/* abort(code): ends every rank of the job at once (the failure path; never returns). */
static napi_value js_abort(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  int code = argc > 0 ? int_arg(env, argv[0]) : 1;
  fflush(stdout);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code == 0 ? 1 : code);
  return NULL;
}

/* version() → the MPI library's version string. */
static napi_value js_version(napi_env env, napi_callback_info info) {
  (void)info;
  char v[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(v, &len);
  napi_value out;
  CHECK_NAPI(env, napi_create_string_utf8(env, v, (size_t)len, &out));
  return out;
}

/* The whole pages inside [p, p + len): their first address and byte length (0 when none). */
static size_t whole_pages(void *p, size_t len, uintptr_t *first) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
  uintptr_t hi = ((uintptr_t)p + len) & ~(page - 1);
  *first = lo;
  return hi > lo ? (size_t)(hi - lo) : 0;
}

/*
 * discard(view) → bytes given back: the whole pages inside the view's bytes go back to the
 * operating system (madvise MADV_DONTNEED) and read as zeros afterwards (private anonymous memory:
 * a Wasm memory or a large SharedArrayBuffer). The bytes of the partial pages at both ends are
 * left as they are. Not MPI: the runtime calls it for elements a rank holds stale copies of.
 */
static napi_value js_discard(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  void *data = NULL;
  size_t len = 0;
  if (argc < 1 || !bytes_of(env, argv[0], &data, &len)) return NULL;
  uintptr_t first;
  size_t n = whole_pages(data, len, &first);
  if (n > 0 && madvise((void *)first, n, MADV_DONTNEED) != 0) n = 0;
  return make_int(env, (int64_t)n);
}

/* resident(view) → bytes of the whole pages inside the view that are resident (mincore). */
static napi_value js_resident(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CHECK_NAPI(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  void *data = NULL;
  size_t len = 0;
  if (argc < 1 || !bytes_of(env, argv[0], &data, &len)) return NULL;
  uintptr_t first;
  size_t n = whole_pages(data, len, &first);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  int64_t count = 0;
  unsigned char vec[4096];
  for (size_t at = 0; at < n; at += page * sizeof vec) {
    size_t chunk = n - at < page * sizeof vec ? n - at : page * sizeof vec;
    if (mincore((void *)(first + at), chunk, vec) != 0) return make_int(env, -1);
    for (size_t k = 0; k < chunk / page; k++) count += vec[k] & 1;
  }
  return make_int(env, count * (int64_t)page);
}

static napi_value init_module(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
      {"init", NULL, js_init, NULL, NULL, NULL, napi_default, NULL},
      {"barrier", NULL, js_barrier, NULL, NULL, NULL, napi_default, NULL},
      {"bcast", NULL, js_bcast, NULL, NULL, NULL, napi_default, NULL},
      {"allgatherv", NULL, js_allgatherv, NULL, NULL, NULL, napi_default, NULL},
      {"allreduceMaxI32", NULL, js_allreduce_max_i32, NULL, NULL, NULL, napi_default, NULL},
      {"sendrecv", NULL, js_sendrecv, NULL, NULL, NULL, napi_default, NULL},
      {"exchange", NULL, js_exchange, NULL, NULL, NULL, napi_default, NULL},
      {"finalize", NULL, js_finalize, NULL, NULL, NULL, napi_default, NULL},
      {"abort", NULL, js_abort, NULL, NULL, NULL, napi_default, NULL},
      {"version", NULL, js_version, NULL, NULL, NULL, napi_default, NULL},
      {"discard", NULL, js_discard, NULL, NULL, NULL, napi_default, NULL},
      {"resident", NULL, js_resident, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init_module)
