// UNSUPPORTED: linux || darwin
// RUN: false
