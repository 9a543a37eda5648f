package gpuutil_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/goopt/goopt/dialects/affine"
	"github.com/goopt/goopt/dialects/gpu/gpuutil"
	"github.com/goopt/goopt/ir"
)

// stage1 is affine-gpu-tile's output (no shared-memory copies) for M=N=K=64
// with tb-tile 64,64,32 and warp-tile 32,32,16, in a one-thread kernel so
// that the interpreter can run the fragment ops.
const stage1 = `
func.func @mm(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  %one = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one) threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    affine.for %i = 0 to 64 step 64 {
      affine.for %j = 0 to 64 step 64 {
        affine.for %ii = 0 to 64 step 32 {
          affine.for %jj = 0 to 64 step 32 {
            affine.for %k = 0 to 64 step 32 {
              affine.for %kk = 0 to 32 step 16 {
                affine.for %kkk = 0 to 16 step 16 {
                  affine.for %iii = 0 to 32 step 16 {
                    affine.for %jjj = 0 to 32 step 16 {
                      affine.for %pi = 0 to 16 {
                        affine.for %pj = 0 to 16 {
                          affine.for %pk = 0 to 16 {
                            %a = affine.load %A[%i + %ii + %iii + %pi, %k + %kk + %kkk + %pk] : memref<64x64xf16>
                            %b = affine.load %B[%k + %kk + %kkk + %pk, %j + %jj + %jjj + %pj] : memref<64x64xf16>
                            %c = affine.load %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                            %ae = arith.extf %a : f16 to f32
                            %be = arith.extf %b : f16 to f32
                            %p = arith.mulf %ae, %be : f32
                            %s = arith.addf %c, %p : f32
                            affine.store %s, %C[%i + %ii + %iii + %pi, %j + %jj + %jjj + %pj] : memref<64x64xf32>
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    gpu.terminator
  }
  return
}
`

func count(op *ir.Operation, name string) int {
	return len(ir.Collect(op, func(o *ir.Operation) bool { return o.Is(name) }))
}

// convertAll runs ConvertToWMMA on every candidate of module.
func convertAll(t *testing.T, ctx *ir.Context, module *ir.Operation, opts gpuutil.WMMAOptions) (notes, errs []error) {
	t.Helper()
	for _, f := range gpuutil.WMMAPointNests(module) {
		n, err := gpuutil.ConvertToWMMA(ctx, f, opts)
		notes = append(notes, n...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	return notes, errs
}

// The conversion does not need affine-gpu-smem-copy: on the tiled nest
// alone it makes the same warp tile step (2 A, 2 B fragment loads and 4
// computes per kk iteration; C carried through k and kk). The lit test
// runs the same nest by execution (the layering keeps the interpreter out
// of this package's tests).
func TestConvertStage1(t *testing.T) {
	for _, hoist := range []bool{true, false} {
		ctx, after := parsed(t, stage1)
		if got := len(gpuutil.WMMAPointNests(after)); got != 1 {
			t.Fatalf("%d candidates, want 1", got)
		}
		notes, errs := convertAll(t, ctx, after, gpuutil.WMMAOptions{HoistC: hoist})
		if len(notes)+len(errs) != 0 {
			t.Fatalf("hoist-c=%v: notes %v, errors %v", hoist, notes, errs)
		}
		if err := ir.Verify(after); err != nil {
			t.Fatalf("hoist-c=%v: %v\n%s", hoist, err, text(after))
		}
		// 2 A and 2 B loads in kk; 4 C loads before k (hoisted) or in kk.
		if got, want := count(after, "gpu.subgroup_mma_load_matrix"), 8; got != want {
			t.Errorf("hoist-c=%v: %d fragment loads, want %d\n%s", hoist, got, want, text(after))
		}
		if got := count(after, "gpu.subgroup_mma_compute"); got != 4 {
			t.Errorf("hoist-c=%v: %d computes, want 4", hoist, got)
		}
		if got := count(after, "affine.load"); got != 0 {
			t.Errorf("hoist-c=%v: %d scalar loads left", hoist, got)
		}
		carried := 0
		for _, f := range ir.Collect(after, func(o *ir.Operation) bool { return o.Is(affine.ForName) }) {
			carried += len(affine.ForOp{Operation: f}.Inits())
		}
		if want := 8 * boolInt(hoist); carried != want {
			t.Errorf("hoist-c=%v: %d iter_args, want %d (4 through k, 4 through kk)", hoist, carried, want)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pointNest is a 16x16x16 nest around body (A, B: 16x16 f16, C: 16x16 f32
// unless body's memrefs say otherwise).
func pointNest(body string) string {
	return `
func.func @f(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %D: memref<16x16xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {` + body + `
      }
    }
  }
  return
}
`
}

const mac = `
        %a = affine.load %A[%i, %k] : memref<16x16xf16>
        %b = affine.load %B[%k, %j] : memref<16x16xf16>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<16x16xf32>`

// A candidate that is not exactly the matmul body is refused with a
// located reason and left unchanged.
func TestConvertRefusals(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"extra-use", mac + "\n        affine.store %p, %D[%i, %j] : memref<16x16xf32>", "the body stores more than once"},
		{"other-store", strings.Replace(mac, "affine.store %s, %C[%i, %j]", "affine.store %s, %D[%i, %j]", 1), "the stored value is not the loaded C element plus a product"},
		{"other-c", strings.Replace(mac, "affine.store %s, %C[%i, %j]", "affine.store %s, %C[%j, %i]", 1), "not the one loaded"},
		{"skewed-c", strings.Replace(mac, "%C[%i, %j]", "%C[%i + %k, %j]", 2), "depends on two point loops"},
		{"scaled", strings.Replace(mac, "%A[%i, %k]", "%A[%i, %k floordiv 2]", 1), "not its tile origin plus a point loop"},
		{"reused", strings.Replace(mac, "%ae = arith.extf %a : f16 to f32", "%ae = arith.extf %a : f16 to f32\n        %q = arith.negf %ae : f32", 1), "an intermediate value has other uses"},
		{"extra-op", mac + "\n        %q = arith.constant 1.0 : f32", "more than the multiply-accumulate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, m := parsed(t, pointNest(tc.body))
			before := text(m)
			cands := gpuutil.WMMAPointNests(m)
			if len(cands) != 1 {
				t.Fatalf("%d candidates, want 1", len(cands))
			}
			_, err := gpuutil.ConvertToWMMA(ctx, cands[0], gpuutil.WMMAOptions{HoistC: true})
			var we *gpuutil.WMMAError
			if !errors.As(err, &we) || !strings.Contains(we.Msg, tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if we.Op != cands[0].Operation {
				t.Errorf("error located at %v, want the outermost point loop", we.Op.Name())
			}
			if after := text(m); after != before {
				t.Errorf("IR changed by a refused conversion:\n%s", after)
			}
		})
	}
}

// Only three perfectly nested loops of 16 iterations with no loop inside
// are candidates.
func TestWMMAPointNests(t *testing.T) {
	m := parseModule(t, `
func.func @f(%A: memref<16x16xf16>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %v = affine.load %A[%i, %j] : memref<16x16xf16>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 32 {
      }
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        affine.for %l = 0 to 16 {
        }
      }
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 step 2 {
      }
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 16 to 32 {
      affine.for %k = 0 to 16 {
      }
    }
  }
  return
}
`)
	got := gpuutil.WMMAPointNests(m)
	if len(got) != 2 {
		t.Fatalf("%d candidates, want 2 (the 4-deep nest's inner band, the shifted band)", len(got))
	}
	if lb, _ := got[1].ConstantLowerBound(); lb != 0 {
		t.Errorf("second candidate starts at %d", lb)
	}
}
