#!/usr/bin/env bash
# The README's first command on a fresh machine: installs LLVM 19 (for
# llc-19, LLVM's NVPTX backend) with apt-get when no llc is found, then
# compiles the paper's 8192 matmul to PTX with goopt compile.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v llc-19 >/dev/null 2>&1 && ! command -v llc >/dev/null 2>&1 && [ -z "${GOOPT_LLC:-}" ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends llvm-19
fi
go run ./cmd/goopt compile examples/matmul.mlir -o matmul.ptx
echo "wrote matmul.ptx and matmul.json (the kernel's launch description)"
