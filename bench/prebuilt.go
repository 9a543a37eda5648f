package bench

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/goopt/goopt/driver"
)

// Prebuilt kernels: the GPU machine may have no llc (LLVM's NVPTX backend),
// so goopt bench can compile on one machine and measure on another.
// `goopt bench ... --prebuild=DIR` compiles every configuration the run
// would measure into DIR (a PTX file and its kernel manifest each, named
// by size and a hash of the pipeline text) without a GPU; `goopt bench ...
// --prebuilt=DIR` on the GPU machine reads them instead of compiling. The
// same options give the same file names, so a configuration missing from
// DIR is an error naming the file.

// prebuiltName is the file stem of a configuration in a prebuilt directory.
func prebuiltName(pipeline string, m, n, k int) string {
	h := sha256.Sum256([]byte(pipeline))
	return fmt.Sprintf("matmul-%dx%dx%d-%s", m, n, k, hex.EncodeToString(h[:6]))
}

// compile returns the kernel of a configuration: from Options.Prebuilt
// when set, else compiled (and saved to Options.Prebuild when set).
func (o *Options) compile(ctx context.Context, pipeline string, m, n, k int) (*driver.CompileResult, error) {
	return o.compileTyped(ctx, TypeF16, pipeline, m, n, k)
}

// compileTyped is compile for the matmul of element type typ; the
// prebuilt file names of other types than f16 carry the type.
func (o *Options) compileTyped(ctx context.Context, typ, pipeline string, m, n, k int) (*driver.CompileResult, error) {
	stem := prebuiltName(pipeline, m, n, k)
	if typ != TypeF16 && typ != "" {
		stem = typ + "-" + stem
	}
	if o.Prebuilt != "" {
		return readPrebuilt(filepath.Join(o.Prebuilt, stem))
	}
	res, err := CompileTyped(ctx, typ, pipeline, m, n, k, o.Codegen)
	if err != nil || o.Prebuild == "" {
		return res, err
	}
	return res, writePrebuilt(filepath.Join(o.Prebuild, stem), res)
}

func readPrebuilt(stem string) (*driver.CompileResult, error) {
	ptx, err := os.ReadFile(stem + ".ptx")
	if err != nil {
		return nil, fmt.Errorf("no prebuilt kernel for this configuration: %v", err)
	}
	js, err := os.ReadFile(stem + ".json")
	if err != nil {
		return nil, fmt.Errorf("no prebuilt kernel manifest for this configuration: %v", err)
	}
	var man driver.KernelManifest
	if err := json.Unmarshal(js, &man); err != nil {
		return nil, fmt.Errorf("%s.json: %v", stem, err)
	}
	return &driver.CompileResult{Output: ptx, Kernels: &man}, nil
}

func writePrebuilt(stem string, res *driver.CompileResult) error {
	js, err := res.Kernels.JSON()
	if err != nil {
		return err
	}
	if err := driver.WriteFileAtomic(stem+".json", js); err != nil {
		return err
	}
	return driver.WriteFileAtomic(stem+".ptx", res.Output)
}

// PrebuildTune compiles, without a GPU, every candidate of space at each
// of o.Sizes into o.Prebuild; candidates the pipeline refuses are skipped
// (Tune records them as errors when it finds no kernel). It returns the
// number of kernels written.
func PrebuildTune(ctx context.Context, o Options, space Space) (int, error) {
	if err := os.MkdirAll(o.Prebuild, 0o755); err != nil {
		return 0, err
	}
	n := 0
	for _, s := range o.Sizes {
		for _, c := range space.TuneCandidates() {
			if _, err := o.compile(ctx, c.Pipeline(), s, s, s); err == nil {
				n++
			} else if ctx.Err() != nil {
				return n, ctx.Err()
			}
		}
	}
	return n, nil
}

// Prebuild compiles, without a GPU, every configuration a sweep over
// o.Sizes (or, with ablation, the ablation steps at size) would measure,
// into o.Prebuild. It returns the number of kernels written.
func Prebuild(ctx context.Context, o Options, ablation bool, size int) (int, error) {
	if o.Prebuild == "" {
		return 0, fmt.Errorf("no prebuild directory")
	}
	if err := os.MkdirAll(o.Prebuild, 0o755); err != nil {
		return 0, err
	}
	if o.Pipeline == "" {
		o.Pipeline = DefaultPipeline
	}
	pipelines, sizes := []string{o.Pipeline}, o.Sizes
	if ablation {
		ps, err := AblationPipelines(o.Pipeline)
		if err != nil {
			return 0, err
		}
		pipelines, sizes = ps, []int{size}
	}
	shapes := o.Shapes
	if ablation || len(shapes) == 0 {
		shapes = nil
		for _, s := range sizes {
			shapes = append(shapes, [3]int{s, s, s})
		}
	}
	types := o.Types
	if ablation || len(types) == 0 {
		types = []string{TypeF16}
	}
	n := 0
	for _, typ := range types {
		for _, s := range shapes {
			for _, p := range pipelines {
				if _, err := o.compileTyped(ctx, typ, p, s[0], s[1], s[2]); err != nil {
					return n, fmt.Errorf("%s %dx%dx%d with %s: %v", typ, s[0], s[1], s[2], p, err)
				}
				n++
			}
		}
	}
	return n, nil
}
