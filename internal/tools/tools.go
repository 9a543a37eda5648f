//go:build tools

// Package tools pins modules the project depends on before any non-test
// code imports them, so `go mod tidy` keeps them at the reviewed versions.
// github.com/llir/llvm (v0.3.6) builds the LLVM IR handed to llc for PTX in
// the code-generation stage.
package tools

import (
	_ "github.com/llir/llvm/ir"
)
