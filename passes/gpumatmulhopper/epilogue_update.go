package gpumatmulhopper

import "fmt"

// maxUpdateUnroll bounds the accesses of C a consumer thread has in
// flight in the epilogue's update: its loads of C are issued together, so
// that their latencies overlap (one block per SM leaves few warps to hide
// them), at 2*w registers each.
const maxUpdateUnroll = 8

// updateUnroll is the accesses of the C update a thread issues per
// iteration: a power of two dividing its share of the tile.
func (k *kernel) updateUnroll() int64 {
	share := k.BM * k.BN / k.cVec() / (k.Consumers * warpgroupSize)
	u := int64(1)
	for u < maxUpdateUnroll && share%(2*u) == 0 {
		u *= 2
	}
	return u
}

// updateC writes the epilogue's C += staging tile over tile (the f32
// staging view): each consumer thread takes accesses of cVec elements,
// updateUnroll of them an iteration, loading them all before it adds and
// stores. Access i covers columns c..c+w-1 of row r, c written as a
// product by w so that the lowering sees it aligned to its size
// (vector-alignment-from-indices: one 16-byte access, not four).
//
// guarded (a tile past C's edge): with the TMA epilogue, C is read at
// indices clamped into C, which keeps the loads unconditional and
// aligned; what they read past the edge only lands in staging elements
// the TMA store clips. The direct epilogue tests each access instead (a
// clamped read could race with the thread that stores that element).
func (k *kernel) updateC(st *kernelState, tile string, guarded bool) {
	e := st.e
	w := k.cVec()
	vec := fmt.Sprintf("vector<%dxf32>", w)
	tileType := smemTile(k.BM, k.BN, "f32")
	threads, perRow, u := k.Consumers*warpgroupSize, k.BN/w, k.updateUnroll()
	i := e.Fresh("i")
	e.Open("scf.for %s = %s to %s step %s {", i, st.tid, e.C(k.BM*perRow), e.C(threads*u))
	type access struct{ r, c, gr, gc, s, g string }
	acc := make([]access, u)
	for j := range acc {
		a := &acc[j]
		at := e.AddC(i, int64(j)*threads)
		a.r, a.c = e.Div(at, e.C(perRow)), e.MulC(e.Rem(at, e.C(perRow)), w)
		a.gr, a.gc = e.Add(st.m0, a.r), e.Add(st.n0, a.c)
		a.s = e.Op("v", "vector.load %s[%s, %s] : %s, %s", tile, a.r, a.c, tileType, vec)
		if guarded && !k.TMAEpilogue {
			continue
		}
		lr, lc := a.gr, a.gc
		if guarded {
			lr = e.Op("v", "arith.minui %s, %s : index", a.gr, e.C(k.M-1))
			lc = e.MulC(e.Op("v", "arith.minui %s, %s : index", e.Div(a.gc, e.C(w)), e.C(k.N/w-1)), w)
		}
		a.g = e.Op("v", "vector.load %%C[%s, %s] : %s, %s", lr, lc, k.typeC(), vec)
	}
	for _, a := range acc {
		if k.TMAEpilogue {
			sum := e.Op("v", "arith.addf %s, %s : %s", a.s, a.g, vec)
			e.Line("vector.store %s, %s[%s, %s] : %s, %s", sum, tile, a.r, a.c, tileType, vec)
			continue
		}
		endGuard := k.guardC(e, a.gr, a.gc, guarded)
		g := a.g
		if guarded {
			g = e.Op("v", "vector.load %%C[%s, %s] : %s, %s", a.gr, a.gc, k.typeC(), vec)
		}
		sum := e.Op("v", "arith.addf %s, %s : %s", a.s, g, vec)
		e.Line("vector.store %s, %%C[%s, %s] : %s, %s", sum, a.gr, a.gc, k.typeC(), vec)
		endGuard()
	}
	e.Close("}")
}
