package gpumatmulhopper

// The ping-pong rung joins the ladder's table here (its own file, so the
// table's owners and this rung's merge apart): TestUpstreamLowersEveryRung
// lowers it with mlir-opt-19 to sm_90a PTX, and with -tags gpu
// TestGPUUpstreamLoweredRungs runs that PTX. At 512x768 on 128x128 tiles
// the 24 tiles on 5 blocks give each block 5 or 4 tiles, its consumers 3
// and 2 or 2 and 2. The accumulator's struct cast folds away in upstream's
// lowering too. (Upstream aligns the epilogue's vector<2xf32> accesses to
// one element, so its PTX splits them; goopt compile's keep
// ld/st.global.v2.f32, which tests/lit/gpumatmulhopper/pingpong.mlir
// checks.)
// The cluster variant runs 6 clusters of 2 over the 12 pairs of tiles.
func init() {
	type rung = struct {
		name string
		opts string
		ptx  []string
	}
	rungs = append(rungs,
		rung{"rung7-pingpong", "tb-tile=128,128,64 stages=7 pingpong=true sm-count=5",
			[]string{"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", "setmaxnreg.inc.sync.aligned.u32 232"}},
		rung{"rung7-pingpong-cluster", "tb-tile=128,128,64 stages=7 pingpong=true cluster=2,1 sm-count=12",
			[]string{"multicast::cluster", "mapa.shared::cluster.u32", "barrier.cluster.wait.aligned", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"}})
}
