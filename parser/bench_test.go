package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goopt/goopt/ir"
)

// genLarge builds one function of n ops in generic form (arith, memref and
// affine-style ops), parseable with no dialect registered.
func genLarge(n int) []byte {
	var b strings.Builder
	b.Grow(n * 50)
	b.WriteString("#map = affine_map<(d0, d1) -> (d0 + d1 * 4)>\n")
	b.WriteString(`"func.func"() <{function_type = (memref<1024xf32>, index) -> (), sym_name = "large"}> ({` + "\n")
	b.WriteString("^bb0(%mem: memref<1024xf32>, %idx: index):\n")
	b.WriteString("  %c0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n")
	b.WriteString("  %i0 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32\n")
	b.WriteString("  %f0 = \"arith.constant\"() <{value = 1.000000e+00 : f32}> : () -> f32\n")
	last, lastF := "%i0", "%f0"
	for i := 0; i < n; i++ {
		switch i % 8 {
		case 0:
			fmt.Fprintf(&b, "  %%%d = \"arith.constant\"() <{value = %d : i32}> : () -> i32\n", i, i%1000)
			last = fmt.Sprintf("%%%d", i)
		case 1, 2:
			fmt.Fprintf(&b, "  %%%d = \"arith.addi\"(%s, %%i0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32\n", i, last)
			last = fmt.Sprintf("%%%d", i)
		case 3:
			fmt.Fprintf(&b, "  %%%d = \"arith.muli\"(%s, %s) : (i32, i32) -> i32\n", i, last, last)
			last = fmt.Sprintf("%%%d", i)
		case 4:
			fmt.Fprintf(&b, "  %%%d = \"memref.load\"(%%mem, %%c0) <{nontemporal = false}> : (memref<1024xf32>, index) -> f32\n", i)
			lastF = fmt.Sprintf("%%%d", i)
		case 5:
			fmt.Fprintf(&b, "  %%%d = \"arith.addf\"(%s, %%f0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32\n", i, lastF)
			lastF = fmt.Sprintf("%%%d", i)
		case 6:
			fmt.Fprintf(&b, "  \"memref.store\"(%s, %%mem, %%c0) <{nontemporal = false}> : (f32, memref<1024xf32>, index) -> ()\n", lastF)
		case 7:
			fmt.Fprintf(&b, "  %%%d = \"affine.apply\"(%%idx, %%c0) <{map = #map}> : (index, index) -> index\n", i)
		}
	}
	b.WriteString("  \"func.return\"() : () -> ()\n}) : () -> ()\n")
	return []byte(b.String())
}

func BenchmarkParseLarge(b *testing.B) {
	src := genLarge(200000)
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseFile(ctx, "large.mlir", src); err != nil {
			b.Fatal(err)
		}
	}
}

func TestParseLargeGenerated(t *testing.T) {
	src := genLarge(2000)
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	f, err := ParseFile(ctx, "large.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	fn := f.Module.Region(0).Front().First()
	if got := fn.Region(0).Front().Len(); got != 2000+4 {
		t.Fatalf("got %d ops, want %d", got, 2004)
	}
}
