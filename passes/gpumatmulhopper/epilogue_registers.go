package gpumatmulhopper

import (
	"fmt"
	"strings"

	"github.com/goopt/goopt/passes/internal/kernelemit"
)

// The register epilogue (epilogue=registers, the default's, and
// pingpong's): each consumer warpgroup adds its accumulator's registers
// to C in place, with no staging tile and no consumer-wide barrier.

// accStructTypes are the LLVM types the accumulator lowers to (one
// struct of BN/2 f32 per 64-row tile, nvgputonvvm.AccumulatorStructType,
// as upstream): the whole accumulator's and one tile's.
func (k *kernel) accStructTypes() (whole, tile string) {
	regs := make([]string, k.BN/2)
	for i := range regs {
		regs[i] = "f32"
	}
	inner := "struct<(" + strings.Join(regs, ", ") + ")>"
	tiles := make([]string, k.rowsPerConsumer()/wgmmaM)
	for i := range tiles {
		tiles[i] = inner
	}
	return "!llvm.struct<(" + strings.Join(tiles, ", ") + ")>", "!llvm." + inner
}

// registerEpilogue writes C += acc from the thread's registers: the
// accumulator is viewed as its LLVM struct (the cast folds away when the
// nvgpu ops are lowered), and each pair of adjacent columns the thread
// holds is added to C with one 8-byte load and store; when N is odd (C's
// rows, and so half of the pairs, are not 8-byte aligned), a whole tile's
// odd rows are realigned (storeRealigned) and an edge tile's pairs are
// two 4-byte accesses each. A warp's accesses of one row pair cover 32
// contiguous bytes of 8 rows.
//
// lastWgmma writes the wait for the accumulator's last wgmma (and what
// follows it, the release of its slot). The loads of C's first rows
// (loadEarly) are issued before it, so that their latency overlaps the
// last wgmma rather than adding to the epilogue's.
//
// When some tile is partial, the tile's kind (whole or edge, the same for
// the whole warpgroup) picks one of two straight-line epilogues, each
// with its own wait for the last wgmma: a whole tile takes the unguarded
// one, so the guards cost only the edge tiles, and values merged across
// the branch (the early loads of either kind) would make every tile pay
// the edge tile's registers (ptxas spilled in the inner tiles' path, and
// 3000x5120x704 ran 20% slower than 3072x5120x704 with 4% edge tiles).
func (k *kernel) registerEpilogue(st *kernelState, acc, fragRow, fragCol string, lastWgmma func()) {
	e := st.e
	whole, _ := k.accStructTypes()
	row0 := e.Add(st.m0, fragRow)
	col0 := e.Add(st.n0, fragCol)
	epilogue := func(guarded bool) {
		early := k.loadEarly(st, row0, col0, guarded)
		lastWgmma()
		regs := e.Op("frag", "builtin.unrealized_conversion_cast %s : %s to %s", acc, k.accType(), whole)
		k.storeRegisters(st, regs, row0, col0, guarded, early)
	}
	k.byTile(st, epilogue)
}

// pairType is the register epilogue's access of C: two adjacent columns.
const pairType = "vector<2xf32>"

// scalarPairs: the register epilogue accesses C's pairs as two f32, since
// an odd N leaves every other row's pairs 4-byte aligned only (a pair
// starts at an even column of the tile, and a tile at a multiple of 64).
func (k *kernel) scalarPairs() bool { return k.N%2 != 0 }

// pairColumns are the columns of the thread's BN/8 pairs of a row.
func (k *kernel) pairColumns(st *kernelState, col0 string) []string {
	cols := make([]string, k.BN/8)
	for j := range cols {
		cols[j] = st.e.AddC(col0, 8*int64(j))
	}
	return cols
}

// loadPair loads C's pair at (row, col), unguarded: its pairWords values.
func (k *kernel) loadPair(e *kernelemit.Emitter, row, col string) []string {
	if !k.scalarPairs() {
		return []string{e.Op("v", "vector.load %%C[%s, %s] : %s, %s", row, col, k.typeC(), pairType)}
	}
	return []string{
		e.Op("v", "memref.load %%C[%s, %s] : %s", row, col, k.typeC()),
		e.Op("v", "memref.load %%C[%s, %s] : %s", row, e.AddC(col, 1), k.typeC()),
	}
}

// storePair stores old (loadPair's values) + (lo, hi) to C's pair at
// (row, col).
func (k *kernel) storePair(e *kernelemit.Emitter, row, col string, old []string, lo, hi string) {
	if !k.scalarPairs() {
		pair := e.Op("v", "vector.insert %s, %s [1] : f32 into %s", hi, e.Op("v", "vector.splat %s : %s", lo, pairType), pairType)
		sum := e.Op("v", "arith.addf %s, %s : %s", old[0], pair, pairType)
		e.Line("vector.store %s, %%C[%s, %s] : %s, %s", sum, row, col, k.typeC(), pairType)
		return
	}
	for i, v := range []string{lo, hi} {
		c := col
		if i == 1 {
			c = e.AddC(col, 1)
		}
		sum := e.Op("v", "arith.addf %s, %s : f32", old[i], v)
		e.Line("memref.store %s, %%C[%s, %s] : %s", sum, row, c, k.typeC())
	}
}

// earlyRegs is the registers a consumer thread's accumulator and the
// values of C it loads before the last wgmma's wait may take together:
// 240 (setmaxnreg) less room for addresses and guards.
const earlyRegs = 192

// earlyRows is how many of the thread's rows of C (two per 64-row
// accumulator tile) loadEarly loads before the last wgmma's wait: all
// that fit beside the accumulator in earlyRegs, at least the first. At
// 128x256 tiles (an accumulator of 128 registers, rows of 64) that is
// one row; at 128x128, both: an edge tile then needs no warp barrier
// (storeGuarded) and exposes no load latency of its own.
func (k *kernel) earlyRows() int {
	rows := int(2 * k.rowsPerConsumer() / wgmmaM)
	acc := k.rowsPerConsumer() * k.BN / warpgroupSize
	row := k.BN/4 + 1 // BN/8 pairs of two, and the realigned rows' extra column
	return max(1, min(rows, int((earlyRegs-acc)/row)))
}

// loadEarly loads the thread's first earlyRows rows of C, its rows
// starting at row0 and its pairs at col0: unguarded (loadRow), or under
// an edge tile's guards (loadGuarded).
func (k *kernel) loadEarly(st *kernelState, row0, col0 string, guarded bool) [][][]string {
	e := st.e
	early := make([][][]string, k.earlyRows())
	for r := range early {
		row := e.AddC(row0, int64(r/2)*wgmmaM+8*int64(r%2))
		cols := k.pairColumns(st, col0)
		if guarded {
			early[r] = k.loadGuarded(e, row, cols, k.edgeGuards(e, row, col0))
		} else {
			early[r] = k.loadRow(st, row0, row, cols)
		}
	}
	return early
}

// loadRow loads, unguarded, the thread's pairs of C's row row at cols
// (row0 is its first row).
func (k *kernel) loadRow(st *kernelState, row0, row string, cols []string) [][]string {
	if k.scalarPairs() {
		return k.loadRealigned(st.e, row, cols, k.realignment(st, row0))
	}
	olds := make([][]string, len(cols))
	for j, c := range cols {
		olds[j] = k.loadPair(st.e, row, c)
	}
	return olds
}

// storeRegisters adds the registers regs (the accumulator's struct) to
// C, the thread's first pair at (row0, col0); early are the values of its
// first rows, loaded already (loadEarly). Unguarded, the loads of a row's
// BN/8 pairs are issued before their stores, so that they are in flight
// together (a store between them, to an address the compiler cannot tell
// apart, would serialise them); guarded (storeGuarded), each access
// inside C is made under its own guard: a pair whole (N even keeps a pair
// in or out of C), or each column of it (N odd: the last pair of a row
// may straddle C's edge).
func (k *kernel) storeRegisters(st *kernelState, regs, row0, col0 string, guarded bool, early [][][]string) {
	e := st.e
	whole, tile := k.accStructTypes()
	for mi := int64(0); mi < k.rowsPerConsumer()/wgmmaM; mi++ {
		regsM := e.Op("frag", "llvm.extractvalue %s[%d] : %s", regs, mi, whole)
		for h := int64(0); h < 2; h++ {
			row := e.AddC(row0, mi*wgmmaM+8*h)
			cols := k.pairColumns(st, col0)
			// Registers 4j + 2h and +1 hold (row, col) and (row, col+1).
			reg := func(j, i int) string {
				return e.Op("v", "llvm.extractvalue %s[%d] : %s", regsM, 4*j+2*int(h)+i, tile)
			}
			var olds [][]string
			if r := int(2*mi + h); r < len(early) {
				olds = early[r]
			}
			if guarded {
				k.storeGuarded(e, row, col0, cols, reg, olds)
				continue
			}
			if olds == nil {
				olds = k.loadRow(st, row0, row, cols)
			}
			if k.scalarPairs() {
				k.storeRealigned(e, row, cols, reg, olds, k.realignment(st, row0))
				continue
			}
			for j := range cols {
				k.storePair(e, row, cols[j], olds[j], reg(j, 0), reg(j, 1))
			}
		}
	}
}

// storeGuarded is storeRegisters' row of an edge tile: the row's loads
// are issued first (loadGuarded), then its guarded stores, so that the
// loads are in flight together as in an inner tile; a guarded
// load-add-store per pair would wait out a global load's latency once
// per pair. olds, when not nil, are the row's values loaded already.
//
// Between the loads and the stores stands a warp barrier (bar.warp.sync,
// every lane of the warp is here): ptxas otherwise predicates each load
// and sinks it to its store, one load in flight at a time, which made
// the edge path 1.7x slower than the inner one (3072x5120x704 with every
// tile forced onto it: 188 against 323 TFLOP/s; 306 with the barrier).
// The rows loadEarly loaded need none: the wait for the last wgmma
// separates their loads from their stores.
func (k *kernel) storeGuarded(e *kernelemit.Emitter, row, col0 string, cols []string, reg func(j, i int) string, olds [][]string) {
	ins := k.edgeGuards(e, row, col0)
	if olds == nil {
		olds = k.loadGuarded(e, row, cols, ins)
		e.Line("nvvm.bar.warp.sync %s : i32", e.Op("v", "arith.constant -1 : i32"))
	}
	for j, c := range cols {
		if !k.scalarPairs() {
			e.Open("scf.if %s {", ins[j][0])
			k.storePair(e, row, c, olds[j], reg(j, 0), reg(j, 1))
			e.Close("}")
			continue
		}
		for i := range 2 {
			e.Open("scf.if %s {", ins[j][i])
			sum := e.Op("v", "arith.addf %s, %s : f32", olds[j][i], reg(j, i))
			e.Line("memref.store %s, %%C[%s, %s] : %s", sum, row, e.AddC(c, int64(i)), k.typeC())
			e.Close("}")
		}
	}
}

// edgeGuards are the guards of the thread's accesses of row in an edge
// tile, its first pair at column col0: per pair, one (even N: a pair's
// column is even, so it is in or out of C whole) or one per column (odd
// N: a row's last pair may straddle C's edge). A guard is the row inside
// C and the column col0 + 8j + i inside C, written as 8j + i < N - col0
// in i32 so that it costs one compare with a constant; col0 + 8j < N in
// index (64 bits) costs an add and a two-word compare each, which with
// the loaded values made ptxas spill in the edge tiles' path.
func (k *kernel) edgeGuards(e *kernelemit.Emitter, row, col0 string) [][]string {
	rowIn := e.Cmp("ult", row, e.C(k.M))
	left := e.Op("v", "arith.index_cast %s : index to i32", e.Op("v", "arith.subi %s, %s : index", e.C(k.N), col0))
	ins := make([][]string, k.BN/8)
	for j := range ins {
		for i := range k.pairWords() {
			colIn := e.Op("p", "arith.cmpi sgt, %s, %s : i32", left, e.Op("v", "arith.constant %d : i32", 8*j+i))
			ins[j] = append(ins[j], e.Op("p", "arith.andi %s, %s : i1", rowIn, colIn))
		}
	}
	return ins
}

// pairWords are the types of a pair's accesses of C in an edge tile: one
// vector, or (odd N) two f32.
func (k *kernel) pairWords() []string {
	if k.scalarPairs() {
		return []string{"f32", "f32"}
	}
	return []string{pairType}
}

// loadGuarded loads C's pairs at row and cols of an edge tile, each
// access under its guard ins[j][i] (edgeGuards; zero past C's edge). The
// guard, not a clamped address, keeps every access at a constant offset
// from the row's address: clamped addresses (one register pair each, and
// the clamps' selects) made ptxas spill the row's values, which in an SM
// whose L1 is mostly shared memory cost 12 us a tile at 1000^3.
func (k *kernel) loadGuarded(e *kernelemit.Emitter, row string, cols []string, ins [][]string) [][]string {
	olds := make([][]string, len(cols))
	for j, c := range cols {
		for i, w := range k.pairWords() {
			v := e.Fresh("v")
			e.Open("%s = scf.if %s -> (%s) {", v, ins[j][i], w)
			if w == pairType {
				e.Line("scf.yield %s : %s", k.loadPair(e, row, c)[0], w)
				e.Close("} else {")
				e.Open("// past C's edge: unused")
				e.Line("scf.yield %s : %s", e.Op("v", "arith.constant dense<0.000000e+00> : %s", w), w)
			} else {
				e.Line("scf.yield %s : %s", e.Op("v", "memref.load %%C[%s, %s] : %s", row, e.AddC(c, int64(i)), k.typeC()), w)
				e.Close("} else {")
				e.Open("// past C's edge: unused")
				e.Line("scf.yield %s : %s", e.Op("v", "arith.constant 0.000000e+00 : %s", w), w)
			}
			e.Close("}")
			olds[j] = append(olds[j], v)
		}
	}
	return olds
}

// Odd N, whole tiles: realigned pairs. Row r's pair at an even column c
// is 8-byte aligned when r*N + c is even, so in an odd N only even rows'
// pairs are: a thread whose rows are odd (wgmma's fragment gives a thread
// rows of one parity) writes the pairs (c+1, c+2) instead, taking c+2's
// value from the lane that holds it (gpu.shuffle): c+2 is the next
// lane's c in its quad, or for the quad's last lane the quad's first
// lane's c of the next 8-column block. Every pair is then one 8-byte
// load and store, as for an even N (4-byte accesses of the misaligned
// pairs made 8192x8191x8192 take 1.85 ms against 1.69 at 8192x8190x8192,
// both with B padded). Left over in an odd row: column n0 (the tile's
// first, held by the quad's first lane, c = n0), written alone, and the
// last pair's c+2, which is the next tile's (the quad's last lane writes
// c+1 alone).
type realignment struct {
	// shift is the row's parity: the column offset of the thread's pairs.
	shift string
	// odd is shift as i1; oddFirst and oddLast: odd and the lane first
	// (last) of its quad; first: the lane first of its quad.
	odd, oddFirst, oddLast, first string
	// src is the lane (i32) whose value the thread's c+2 is.
	src string
	// flat is C viewed as one row (flatType): the pairs are addressed as
	// 2 * (row*N + c + shift)/2, which the vector lowering can see is
	// even (vector-alignment-from-indices: one 8-byte access, not two).
	flat, flatType string
}

// realignment computes the thread's realignment; row0 is its first row.
func (k *kernel) realignment(st *kernelState, row0 string) realignment {
	e := st.e
	lane := e.Rem(st.tid, e.C(32))
	q := e.Rem(lane, e.C(4))
	shift := e.Rem(row0, e.C(2))
	odd := e.Cmp("eq", shift, e.C(1))
	first := e.Cmp("eq", q, e.C(0))
	src := e.Add(e.Op("v", "arith.subi %s, %s : index", lane, q), e.Rem(e.AddC(q, 1), e.C(4)))
	flatType := fmt.Sprintf("memref<%dxf32>", k.M*k.N)
	return realignment{
		flat:     e.Op("cf", "memref.reinterpret_cast %%C to offset: [0], sizes: [%d], strides: [1] : %s to %s", k.M*k.N, k.typeC(), flatType),
		flatType: flatType,
		shift:    shift,
		odd:      odd,
		first:    first,
		oddFirst: e.Op("p", "arith.andi %s, %s : i1", odd, first),
		oddLast:  e.Op("p", "arith.andi %s, %s : i1", odd, e.Cmp("eq", q, e.C(3))),
		src:      e.Op("v", "arith.index_cast %s : index to i32", src),
	}
}

// loadRealigned loads C's realigned pairs of row at cols (one vector
// each, at c + shift), then column cols[0] alone (the odd rows' first
// column), all unguarded: a whole tile's c+2 is inside C (N odd, so
// n0 + BN < N).
func (k *kernel) loadRealigned(e *kernelemit.Emitter, row string, cols []string, ra realignment) [][]string {
	olds := make([][]string, len(cols)+1)
	for j := range cols {
		olds[j] = []string{e.Op("v", "vector.load %s[%s] : %s, %s", ra.flat, k.realignedIndex(e, row, cols, j, ra), ra.flatType, pairType)}
	}
	olds[len(cols)] = []string{e.Op("v", "memref.load %%C[%s, %s] : %s", row, cols[0], k.typeC())}
	return olds
}

// storeRealigned adds the thread's registers of row to C at its
// realigned pairs (olds: loadRealigned's values).
func (k *kernel) storeRealigned(e *kernelemit.Emitter, row string, cols []string, reg func(j, i int) string, olds [][]string, ra realignment) {
	width := e.Op("v", "arith.constant 32 : i32")
	last := len(cols) - 1
	for j := range cols {
		a, b := reg(j, 0), reg(j, 1)
		// The value the quad's last lane takes from its first: the next
		// block's c (the last block's is unused: a lane's last c+2 is
		// the next tile's).
		give := a
		if j < last {
			give = e.Op("v", "arith.select %s, %s, %s : f32", ra.first, reg(j+1, 0), a)
		}
		next := e.Fresh("v")
		e.Line("%s, %%%s_ok = gpu.shuffle  idx %s, %s, %s : f32", next, next[1:], give, ra.src, width)
		lo := e.Op("v", "arith.select %s, %s, %s : f32", ra.odd, b, a)
		hi := e.Op("v", "arith.select %s, %s, %s : f32", ra.odd, next, b)
		pair := e.Op("v", "vector.insert %s, %s [1] : f32 into %s", hi, e.Op("v", "vector.splat %s : %s", lo, pairType), pairType)
		sum := e.Op("v", "arith.addf %s, %s : %s", olds[j][0], pair, pairType)
		at := k.realignedIndex(e, row, cols, j, ra)
		if j < last {
			e.Line("vector.store %s, %s[%s] : %s, %s", sum, ra.flat, at, ra.flatType, pairType)
			continue
		}
		e.Open("scf.if %s {", ra.oddLast)
		e.Line("memref.store %s, %s[%s] : %s", e.Op("v", "vector.extract %s[0] : f32 from %s", sum, pairType), ra.flat, at, ra.flatType)
		e.Close("} else {")
		e.Open("// an even row, or not the quad's last lane")
		e.Line("vector.store %s, %s[%s] : %s, %s", sum, ra.flat, at, ra.flatType, pairType)
		e.Close("}")
	}
	e.Open("scf.if %s {", ra.oddFirst)
	e.Line("memref.store %s, %%C[%s, %s] : %s", e.Op("v", "arith.addf %s, %s : f32", olds[len(cols)][0], reg(0, 0)), row, cols[0], k.typeC())
	e.Close("}")
}

// realignedIndex is the flat index of the realigned pair j of row
// (column cols[j] = cols[0] + 8j): row*N + cols[j] + shift, even, written
// as twice its half, (row*N + cols[0] + shift)/2 + 4j.
func (k *kernel) realignedIndex(e *kernelemit.Emitter, row string, cols []string, j int, ra realignment) string {
	half := e.Div(e.Add(e.Add(e.MulC(row, k.N), cols[0]), ra.shift), e.C(2))
	return e.MulC(e.AddC(half, 4*int64(j)), 2)
}
