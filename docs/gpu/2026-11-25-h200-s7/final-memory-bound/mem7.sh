#!/bin/bash
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:$LD_LIBRARY_PATH
G=.gpu/goopt-m7
mkdir -p $OUT/r
k() { n=$1; shift; timeout 150 $G bench "$@" --peer-cmd="python3 scripts/bench_peer.py" --json=$OUT/r/$n.json 2>&1 | grep -v '^bench:' > $OUT/r/$n.txt; cat $OUT/r/$n.txt | grep -vE '^\s*$' | tail -12; }
k transpose transpose examples/transpose.mlir examples/transpose_4097x8191.mlir --prebuilt=.gpu/m7-transpose
k softmax softmax examples/softmax.mlir examples/softmax_4097x8191.mlir --prebuilt=.gpu/m7-softmax
k vecadd vecadd examples/vecadd.mlir --prebuilt=.gpu/m7-vecadd
