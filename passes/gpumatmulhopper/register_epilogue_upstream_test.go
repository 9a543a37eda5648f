package gpumatmulhopper

// The cooperative schedule's register epilogue joins the ladder's table
// (TestUpstreamLowersEveryRung lowers it with mlir-opt-19 to sm_90a PTX;
// with -tags gpu, TestGPUUpstreamLoweredRungs runs that PTX): persistent
// on 5 blocks for the 12 tiles of 128x256 at 512x768, so blocks take 2
// or 3 tiles and the producer runs into the next tile during the
// epilogue; and on a persistent row of 2x1 clusters (6 clusters over the
// 12 pairs of 128x128 tiles), which the register epilogue allows.
func init() {
	type rung = struct {
		name string
		opts string
		ptx  []string
	}
	rungs = append(rungs,
		rung{"rung4-registers", "persistent=true sm-count=5 epilogue=registers",
			[]string{"wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16", "setmaxnreg.inc.sync.aligned.u32 232", "st.global.f32"}},
		rung{"rung4-registers-cluster", "tb-tile=128,128,64 stages=6 persistent=true cluster=2,1 sm-count=12 epilogue=registers",
			[]string{"multicast::cluster", "mapa.shared::cluster.u32", "barrier.cluster.wait.aligned", "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16"}})
}
