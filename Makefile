# Convenience targets; CI runs ./.ci/run.
.PHONY: all build test vet fmt install example

all: build

build:
	go build ./...

install:
	go install ./cmd/goopt

vet:
	go vet ./...

fmt:
	gofmt -w .

test:
	./.ci/run

# The README's first command: installs llvm-19 when no llc is found, then
# compiles the paper's matmul to matmul.ptx (+ matmul.json).
example:
	./scripts/example.sh
