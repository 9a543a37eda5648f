// Package npy reads and writes NumPy .npy files (format versions 1.0–3.0,
// little-endian, C order) as interpreter memrefs, for `goopt run --args=FILE.npy`.
//
// Example:
//
//	m, err := npy.Read(f)          // memref<2x3xf32> from an '<f4' array
//	err = npy.Write(w, m)
package npy
