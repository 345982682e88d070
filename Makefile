# Image Performer — the two commands of README.md, and what they need.
#   make run   installs what is missing, builds, and starts the instrument
#   make test  installs what is missing and runs every test

SWIFT ?= swift
# Swift lives in /opt/swift on our machines; use it when it is not on PATH yet.
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: run test build release deps bench clean

# Debian packages the build and the tests need (none beyond the Swift toolchain yet).
APT_PACKAGES :=

deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: Swift 6 is not installed (expected in /opt/swift or on PATH)"; exit 1; }
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: release
	.build/release/imager demo

test: deps
	$(SWIFT) test

bench: release
	.build/release/imager bench

clean:
	rm -rf .build
