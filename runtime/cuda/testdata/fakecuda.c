// A stand-in for libcuda.so.1 and libcublas.so, built by the tests of
// package cuda with the system C compiler, so that the Go side (symbol
// resolution, argument marshalling, status checking, JIT logs) runs on a
// machine without a GPU. "Device memory" is host memory; two kernels
// exist: vadd(float *a, float *b, float *c, int n) and
// scalars(double *out, int i32, long long i64, unsigned long long u64,
// float f32, double f64), which writes its scalar arguments into out;
// byval(CUtensorMap m, char *out, struct{char b[12];} v), which copies its
// by-value parameters' bytes to out; and cluster(unsigned *out), which
// writes the grid, block and cluster shape of its launch to out.
// cuTensorMapEncodeTiled writes its arguments into the map (see there).
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

typedef int CUresult;

static const char *names[] = {[0] = "CUDA_SUCCESS", [1] = "CUDA_ERROR_INVALID_VALUE", [2] = "CUDA_ERROR_OUT_OF_MEMORY",
	[101] = "CUDA_ERROR_INVALID_DEVICE", [218] = "CUDA_ERROR_INVALID_PTX", [500] = "CUDA_ERROR_NOT_FOUND"};

CUresult cuGetErrorName(CUresult r, const char **s) {
	if (r < 0 || r > 500 || !names[r]) return 1;
	*s = names[r];
	return 0;
}
CUresult cuGetErrorString(CUresult r, const char **s) {
	if (r == 218) { *s = "a PTX JIT compilation failed"; return 0; }
	if (r == 500) { *s = "named symbol not found"; return 0; }
	return 1;
}
CUresult cuInit(unsigned flags) { return flags == 0 ? 0 : 1; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int ordinal) { if (ordinal != 0) return 101; *d = 7; return 0; }
CUresult cuDeviceGetName(char *name, int len, int dev) {
	if (dev != 7) return 101;
	strncpy(name, "Fake GPU", len);
	return 0;
}
// Attribute a is 1000+a, except compute capability 9.0.
CUresult cuDeviceGetAttribute(int *v, int attr, int dev) {
	if (dev != 7) return 101;
	*v = attr == 75 ? 9 : attr == 76 ? 0 : 1000 + attr;
	return 0;
}
CUresult cuDeviceTotalMem_v2(size_t *b, int dev) { *b = (size_t)80 << 30; return 0; }

static int ctxRefs;
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) { ctxRefs++; *ctx = (void *)0x1234; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int dev) { return ctxRefs-- > 0 ? 0 : 1; }
int fakeContextRefs(void) { return ctxRefs; }
static void *current;
CUresult cuCtxSetCurrent(void *ctx) { current = ctx; return 0; }
CUresult cuCtxSynchronize(void) { return current ? 0 : 201; }

// Module images containing "error" fail with a log naming the line.
CUresult cuModuleLoadDataEx(void **mod, const void *image, unsigned n, int *opts, void **vals) {
	const char *info = "info    : 0 bytes gmem", *err = "ptxas application ptx input, line 3; error   : Unknown symbol 'bogus'";
	int failed = strstr(image, "error") != NULL;
	for (unsigned i = 0; i < n; i++) {
		const char *msg = opts[i] == 3 ? info : opts[i] == 5 && failed ? err : NULL;
		if (!msg) continue;
		size_t cap = (size_t)(uintptr_t)vals[i + 1];
		strncpy(vals[i], msg, cap);
		vals[i + 1] = (void *)(uintptr_t)strlen(msg);
	}
	if (failed) return 218;
	*mod = (void *)0x99;
	return 0;
}
CUresult cuModuleUnload(void *mod) { return mod == (void *)0x99 ? 0 : 1; }
CUresult cuModuleGetFunction(void **f, void *mod, const char *name) {
	if (!strcmp(name, "vadd")) { *f = (void *)1; return 0; }
	if (!strcmp(name, "scalars")) { *f = (void *)2; return 0; }
	if (!strcmp(name, "byval")) { *f = (void *)3; return 0; }
	if (!strcmp(name, "cluster")) { *f = (void *)4; return 0; }
	return 500;
}
static int maxDynShared = 48 << 10;
static int nonPortable;
CUresult cuFuncSetAttribute(void *f, int attr, int v) {
	if (attr == 14 && (v == 0 || v == 1)) { nonPortable = v; return 0; }
	if (attr != 8 || v > (227 << 10)) return 1;
	maxDynShared = v;
	return 0;
}
CUresult cuFuncGetAttribute(int *v, int attr, void *f) {
	if (attr == 8) { *v = maxDynShared; return 0; }
	if (attr == 14) { *v = nonPortable; return 0; }
	*v = 0;
	return 0;
}
CUresult cuMemAlloc_v2(uint64_t *p, size_t n) { *p = (uint64_t)(uintptr_t)malloc(n); return 0; }
CUresult cuMemFree_v2(uint64_t p) { free((void *)(uintptr_t)p); return 0; }
CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) { memcpy((void *)(uintptr_t)dst, src, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) { memcpy(dst, (void *)(uintptr_t)src, n); return 0; }
CUresult cuMemcpyDtoD_v2(uint64_t dst, uint64_t src, size_t n) { memcpy((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n); return 0; }
CUresult cuMemsetD8_v2(uint64_t dst, unsigned char v, size_t n) { memset((void *)(uintptr_t)dst, v, n); return 0; }

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shmem, void *stream, void **params, void **extra) {
	if (extra || shmem > (unsigned)maxDynShared) return 1;
	if (f == (void *)1) {
		float *a = (float *)(uintptr_t) * (uint64_t *)params[0], *b = (float *)(uintptr_t) * (uint64_t *)params[1];
		float *c = (float *)(uintptr_t) * (uint64_t *)params[2];
		int n = *(int *)params[3];
		if ((long)gx * bx < n) return 1;
		for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
		return 0;
	}
	if (f == (void *)2) {
		double *out = (double *)(uintptr_t) * (uint64_t *)params[0];
		out[0] = *(int *)params[1];
		out[1] = (double)*(long long *)params[2];
		out[2] = (double)*(unsigned long long *)params[3];
		out[3] = *(float *)params[4];
		out[4] = *(double *)params[5];
		out[5] = gx * 100 + gy * 10 + gz;
		out[6] = bx * 100 + by * 10 + bz;
		return 0;
	}
	if (f == (void *)3) {
		char *out = (char *)(uintptr_t) * (uint64_t *)params[1];
		memcpy(out, params[0], 128);
		memcpy(out + 128, params[2], 12);
		return 0;
	}
	return 400;
}

// The 64-bit layouts of CUlaunchConfig and CUlaunchAttribute.
typedef struct { unsigned id, pad; union { char raw[64]; unsigned dim[3]; } v; } CUlaunchAttribute;
typedef struct {
	unsigned grid[3], block[3], shmem;
	void *stream;
	CUlaunchAttribute *attrs;
	unsigned numAttrs;
} CUlaunchConfig;

// Only the cluster kernel is launched through cuLaunchKernelEx here.
CUresult cuLaunchKernelEx(const CUlaunchConfig *c, void *f, void **params, void **extra) {
	unsigned cluster[3] = {1, 1, 1};
	if (extra || f != (void *)4 || c->shmem > (unsigned)maxDynShared) return 1;
	for (unsigned i = 0; i < c->numAttrs; i++) {
		if (c->attrs[i].id != 4) return 1;
		memcpy(cluster, c->attrs[i].v.dim, sizeof cluster);
	}
	if (cluster[0] * cluster[1] * cluster[2] > (nonPortable ? 16u : 8u)) return 1;
	unsigned *out = (unsigned *)(uintptr_t) * (uint64_t *)params[0];
	memcpy(out, c->grid, 12);
	memcpy(out + 3, c->block, 12);
	memcpy(out + 6, cluster, 12);
	out[9] = c->shmem;
	return 0;
}

// The fake map is the encoding's arguments, packed: data type, rank,
// address, dims, strides, box dims, element strides (rank each, as
// 32-bit words but the 64-bit address) and the four modes. It fails as
// the driver does on a map address that is not 64-byte aligned.
CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned rank, void *addr, const uint64_t *dims, const uint64_t *strides,
                                const unsigned *box, const unsigned *estrides, int interleave, int swizzle, int l2, int oob) {
	if ((uintptr_t)map % 64 || rank < 1 || rank > 5) return 1;
	unsigned w[32] = {0};
	int n = 0;
	w[n++] = type;
	w[n++] = rank;
	uint64_t a = (uintptr_t)addr;
	w[n++] = (unsigned)a;
	w[n++] = (unsigned)(a >> 32);
	for (unsigned i = 0; i < rank; i++) w[n++] = (unsigned)dims[i];
	for (unsigned i = 0; i + 1 < rank; i++) w[n++] = (unsigned)strides[i];
	for (unsigned i = 0; i < rank; i++) w[n++] = box[i];
	for (unsigned i = 0; i < rank; i++) w[n++] = estrides[i];
	w[n++] = interleave;
	w[n++] = swizzle;
	w[n++] = l2;
	w[n++] = oob;
	memcpy(map, w, sizeof w);
	return 0;
}
CUresult cuStreamCreate(void **s, unsigned flags) { *s = malloc(1); return 0; }
CUresult cuStreamDestroy_v2(void *s) { free(s); return 0; }
CUresult cuStreamSynchronize(void *s) { return 0; }
// An event's time is the number of events recorded before it, in ms/2.
static int clock;
CUresult cuEventCreate(void **e, unsigned flags) { *e = calloc(1, sizeof(int)); return 0; }
CUresult cuEventDestroy_v2(void *e) { free(e); return 0; }
CUresult cuEventRecord(void *e, void *s) { *(int *)e = ++clock; return 0; }
CUresult cuEventSynchronize(void *e) { return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *start, void *end) {
	*ms = (*(int *)end - *(int *)start) * 0.5f;
	return 0;
}

// cuBLAS: a column-major reference GemmEx for f16 x f16 -> f32.
typedef int cublasStatus_t;
cublasStatus_t cublasCreate_v2(void **h) { *h = (void *)0x77; return 0; }
cublasStatus_t cublasDestroy_v2(void *h) { return h == (void *)0x77 ? 0 : 1; }
cublasStatus_t cublasSetStream_v2(void *h, void *s) { return 0; }
const char *cublasGetStatusName(cublasStatus_t s) { return s == 7 ? "CUBLAS_STATUS_INVALID_VALUE" : "CUBLAS_STATUS_OTHER"; }
const char *cublasGetStatusString(cublasStatus_t s) { return s == 7 ? "an invalid value was used as an argument" : "other"; }
cublasStatus_t cublasGemmEx(void *h, int ta, int tb, int m, int n, int k, const void *alpha, const void *A, int at, int lda,
                            const void *B, int bt, int ldb, const void *beta, void *C, int ct, int ldc, int compute, int algo) {
	if (h != (void *)0x77 || ta != 0 || tb != 0 || at != 2 || bt != 2 || ct != 0 || compute != 68 || algo != -1) return 7;
	if (lda < m || ldb < k || ldc < m) return 7;
	const _Float16 *a = A, *b = B;
	float *c = C, al = *(const float *)alpha, be = *(const float *)beta;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			float s = 0;
			for (int p = 0; p < k; p++) s += (float)a[i + p * lda] * (float)b[p + j * ldb];
			c[i + j * ldc] = al * s + be * c[i + j * ldc];
		}
	return 0;
}
