#!/bin/sh
# Regenerates kernels.ptx from kernels.ll (needs llc-19; the GPU machine
# that runs device_test.go has none, so the PTX is checked in).
set -e
cd "$(dirname "$0")"
llc-19 -march=nvptx64 -mcpu=sm_90 -mattr=+ptx80 -O3 kernels.ll -o kernels.ptx
