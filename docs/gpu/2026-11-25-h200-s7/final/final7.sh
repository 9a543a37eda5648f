#!/bin/bash
# Session 7 final run: default gpu-matmul-hopper against cuBLAS (same run), awkward sizes and
# their neighbours twice (f16), bf16, issue 13's sizes, the sweep, ptxas spills.
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:$LD_LIBRARY_PATH
CUBLAS=/usr/local/cuda-13.0/targets/x86_64-linux/lib/libcublas.so.13.1.0.3
G=.gpu/goopt-s7
mkdir -p $OUT/r
m() { n=$1; shift; timeout 280 $G bench matmul --cublas=$CUBLAS "$@" --json=$OUT/r/$n.json 2>&1 | grep -v '^bench:' > $OUT/r/$n.txt; grep -E '^ +[0-9a-z+]|rror|WRONG' $OUT/r/$n.txt | grep -v ' config '; }
AW=1000,1024,3000x5000x700,3000x5000x704,2944x5120x704,3072x5120x704,8191,8192,4097x8192x4096,4096x8192x4096,997x1009x1013,1000x1009x1000,2048
echo "== awkward f16 pass 1"; m aw1 --prebuilt=.gpu/f7-aw --pipeline=gpu-matmul-hopper --sizes=$AW --types=f16
echo "== issue 13 pass 1"; m big1 --prebuilt=.gpu/f7-big --pipeline=gpu-matmul-hopper --sizes=4096,8192,16384 --types=f16
echo "== cluster 1,2"; m c12 --prebuilt=.gpu/f7-c12 --pipeline='gpu-matmul-hopper{cluster=1,2}' --sizes=8192,16384 --types=f16
echo "== awkward f16 pass 2"; m aw2 --prebuilt=.gpu/f7-aw --pipeline=gpu-matmul-hopper --sizes=$AW --types=f16
echo "== issue 13 pass 2"; m big2 --prebuilt=.gpu/f7-big --pipeline=gpu-matmul-hopper --sizes=4096,8192,16384 --types=f16
echo "== bf16"; m bf --prebuilt=.gpu/f7-bf --pipeline=gpu-matmul-hopper --sizes=1000,1024,3000x5000x700,2944x5120x704,3072x5120x704,8191,8192 --types=bf16
echo "== sweep"; m sweep --prebuilt=.gpu/f7-sw --pipeline=gpu-matmul-hopper --sizes=1024:16384:1024 --types=f16 --reps=10 --warmup=2
PTXAS=$(command -v ptxas || find / -xdev -name ptxas -type f 2>/dev/null | head -1)
for f in .gpu/f7-*/*.ptx; do echo "$f $($PTXAS -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E "registers|spill|rror" | tr "\n" " ")"; done > $OUT/r/ptxas.txt
echo "spills:"; grep -E " [1-9][0-9]* bytes spill|rror" $OUT/r/ptxas.txt | cut -c1-160; echo "kernels: $(wc -l < $OUT/r/ptxas.txt)"
tar czf $OUT/final7.tgz -C $OUT r
