#!/usr/bin/env bash
# Lower goopt's gpu-matmul-hopper kernel with upstream MLIR 19 instead of
# goopt's own lowering, so the same kernel logic can be timed both ways.
#
#   scripts/hopper_upstream_ptx.sh [-p 'OPTIONS'] [-s M,N,K] [-o OUT] [IN.mlir]
#
# IN is an affine matmul (default: the M×N×K matmul of -s, 8192,8192,8192)
# or an already mapped module (one with a gpu.launch). It writes:
#   OUT.mlir  the gpu-matmul-hopper output (goopt opt)
#   OUT.llvm.mlir  upstream's lowering: the host code calling the MLIR CUDA
#             runtime (mgpuTensorMapEncodeTiled, mgpuLaunchKernel) and the
#             gpu.binary; run it with mlir-cpu-runner-19 and
#             libmlir_cuda_runtime.so
#   OUT.ptx   the kernel's sm_90a PTX (ptxas -arch=sm_90a OUT.ptx).
# Upstream passes the TMA descriptors as pointers to device memory,
# goopt's lowering as by-value __grid_constant__ parameters; the kernel
# logic is the same.
set -euo pipefail
opts=""
size="8192,8192,8192"
out="hopper_upstream"
while getopts "p:s:o:h" f; do
  case $f in
    p) opts=$OPTARG ;;
    s) size=$OPTARG ;;
    o) out=$OPTARG ;;
    *) sed -n '2,18p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
root=$(cd "$(dirname "$0")/.." && pwd)
mlir_opt=${MLIR_OPT:-mlir-opt-19}
command -v "$mlir_opt" >/dev/null || { echo "error: $mlir_opt not found (apt-get install mlir-19-tools)" >&2; exit 1; }
goopt() { (cd "$root" && go run ./cmd/goopt "$@"); }

in=${1:-}
if [[ -z $in ]]; then
  IFS=, read -r m n k <<<"$size"
  in=$(mktemp --suffix=.mlir)
  trap 'rm -f "$in"' EXIT
  cat >"$in" <<MLIR
func.func @matmul(%A: memref<${m}x${k}xf16>, %B: memref<${k}x${n}xf16>, %C: memref<${m}x${n}xf32>) {
  affine.for %i = 0 to $m {
    affine.for %j = 0 to $n {
      affine.for %k = 0 to $k {
        %a = affine.load %A[%i, %k] : memref<${m}x${k}xf16>
        %b = affine.load %B[%k, %j] : memref<${k}x${n}xf16>
        %c = affine.load %C[%i, %j] : memref<${m}x${n}xf32>
        %aw = arith.extf %a : f16 to f32
        %bw = arith.extf %b : f16 to f32
        %p = arith.mulf %aw, %bw : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<${m}x${n}xf32>
      }
    }
  }
  return
}
MLIR
fi
in=$(realpath "$in")
if grep -q "gpu.launch" "$in"; then
  cp "$in" "$out.mlir"
else
  pipeline="gpu-matmul-hopper"
  [[ -n $opts ]] && pipeline="gpu-matmul-hopper{$opts}"
  goopt opt "$in" --pass-pipeline="builtin.module($pipeline)" -o "$(realpath -m "$out.mlir")"
fi
"$mlir_opt" "$out.mlir" \
  --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 opt-level=3 cubin-format=isa" \
  -o "$out.llvm.mlir"
# The PTX is the gpu.binary's assembly string, with MLIR's \XX escapes.
python3 - "$out.llvm.mlir" "$out.ptx" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
m = re.search(r'assembly = "((?:[^"\\]|\\.)*)"', src)
if not m:
    sys.exit("error: no PTX in the gpu.binary of " + sys.argv[1])
ptx = re.sub(r'\\([0-9A-Fa-f]{2})', lambda h: chr(int(h.group(1), 16)), m.group(1))
open(sys.argv[2], "w").write(ptx)
PY
echo "wrote $out.mlir, $out.llvm.mlir, $out.ptx"
