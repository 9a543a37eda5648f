// Package affineloopunrolljam implements upstream's affine-loop-unroll-jam
// pass: the outermost loop of the function's first nest (the function's
// first op, when it is an affine.for) is unrolled by `unroll-jam-factor`
// (default 4) and the copies jammed into its inner loops
// (looputil.LoopUnrollJamByFactor). Unlike upstream, which does not check
// dependences and miscompiles a nest whose carried dependence runs from a
// later inner-loop iteration or a later inner loop (a (<, >) direction
// vector), goopt refuses such an unroll-jam
// (looputil.CheckUnrollJamLegality) and leaves the IR unchanged; where the
// transformation is legal the output is upstream's. When it cannot apply
// it emits a remark (goopt; upstream is silent).
//
//	affine.for %i = 0 to 8 {
//	  affine.for %j = 0 to 16 {
//	    "use"(%i, %j) : (index, index) -> ()
//	  }
//	}
//
// with `affine-loop-unroll-jam{unroll-jam-factor=2}` becomes
//
//	affine.for %i = 0 to 8 step 2 {
//	  affine.for %j = 0 to 16 {
//	    "use"(%i, %j) : (index, index) -> ()
//	    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
//	    "use"(%i1, %j) : (index, index) -> ()
//	  }
//	}
package affineloopunrolljam
