# Convenience targets; CI runs ./.ci/run.
.PHONY: all build test vet fmt install

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
