// mma_sync_peak: what mma.sync.aligned.m16n8k16 (f16 x f16 -> f32) can do
// at all on this GPU, with operands in registers only: no shared memory,
// no global traffic, so it is the ceiling of gpu-matmul-mma's inner loop.
// Each warp runs CHAINS independent accumulator chains (enough to cover the
// tensor pipe's latency), ITERS times; the launch puts WARPS warps on each
// SM (several blocks of 4 warps). It prints TFLOP/s for 4, 8, 12 and 16
// warps a SM.
//
//   nvcc -O3 -arch=sm_90 -o mma_sync_peak scripts/gpu/mma_sync_peak.cu && ./mma_sync_peak
//
// (sm_80 and later; -arch=sm_80 on an A100.)
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define CHECK(x)                                                                   \
  do {                                                                             \
    cudaError_t e = (x);                                                           \
    if (e != cudaSuccess) {                                                        \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); \
      return 1;                                                                    \
    }                                                                              \
  } while (0)

constexpr int CHAINS = 8;     // independent mma.sync a warp keeps in flight
constexpr int ITERS = 4096;   // rounds of CHAINS mma.sync
constexpr int BLOCK = 128;    // 4 warps a block

__device__ __forceinline__ void mma(float (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

__global__ void __launch_bounds__(BLOCK) peak(float *out, uint32_t seed) {
  // Operands depend on the seed so the compiler cannot fold them; values
  // are small f16 pairs so the sums stay finite.
  uint32_t a[4], b[2];
  for (int i = 0; i < 4; i++) a[i] = (seed + threadIdx.x + i) & 0x3c003c00u;
  for (int i = 0; i < 2; i++) b[i] = (seed ^ (threadIdx.x + i)) & 0x3c003c00u;
  float acc[CHAINS][4] = {};
  for (int it = 0; it < ITERS; it++) {
#pragma unroll
    for (int c = 0; c < CHAINS; c++) mma(acc[c], a, b);
  }
  float s = 0;
#pragma unroll
  for (int c = 0; c < CHAINS; c++) s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
  // One store a block keeps the work live without memory traffic.
  if (s == 12345.0f) out[blockIdx.x] = s;
}

int main() {
  int dev = 0, sms = 0;
  CHECK(cudaSetDevice(dev));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, dev));
  printf("%s, %d SMs; mma.sync m16n8k16 f16->f32, %d chains a warp, registers only\n", prop.name, sms, CHAINS);
  float *out;
  CHECK(cudaMalloc(&out, 64 * sms * sizeof(float)));
  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  for (int warps = 4; warps <= 16; warps += 4) {
    int blocks = sms * warps / (BLOCK / 32);
    peak<<<blocks, BLOCK>>>(out, 1);  // warm-up
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    float best = 1e30f;
    for (int rep = 0; rep < 10; rep++) {
      CHECK(cudaEventRecord(t0));
      peak<<<blocks, BLOCK>>>(out, rep);
      CHECK(cudaEventRecord(t1));
      CHECK(cudaEventSynchronize(t1));
      float ms;
      CHECK(cudaEventElapsedTime(&ms, t0, t1));
      if (ms < best) best = ms;
    }
    double flops = 2.0 * 16 * 8 * 16 * (double)CHAINS * ITERS * (blocks * (BLOCK / 32));
    printf("%2d warps/SM: %8.3f ms  %7.1f TFLOP/s\n", warps, best, flops / (best * 1e-3) / 1e12);
  }
  CHECK(cudaFree(out));
  return 0;
}
