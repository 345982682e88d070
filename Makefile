# Image Performer — the two commands of README.md, and what they need.
#   make run   installs what is missing, builds, and starts the instrument
#   make test  installs what is missing and runs every test
# and for those who ship it (docs/install.md):
#   make package        builds dist/imager_VERSION_ARCH.deb, installable without a Swift toolchain
#   make package-check  builds it, installs it here, checks it as a performer meets it, removes it (CI runs it)

SWIFT ?= swift
# Swift lives in /opt/swift on our machines; use it when it is not on PATH yet.
export PATH := $(PATH):/opt/swift/usr/bin

VENV := .venv
PYTHON := $(VENV)/bin/python
# Python 3 to make the virtualenv with: the first that has the venv module.
SYSTEM_PYTHON := $(shell for p in python3 /usr/bin/python3; do $$p -c 'import venv, ensurepip' >/dev/null 2>&1 && { command -v $$p; break; }; done)

.PHONY: run test build build-tests release deps test-deps python-deps package package-deps package-check bench pictures clean

# Debian packages, installed when missing (as root, or through sudo).
#   RUN_PACKAGES: what building and running the instrument needs — SQLite (the library, through GRDB), zlib and
#     libdeflate (PNG),
#     libqrencode (the pairing QR code), libsndfile and libsoxr (audio files and resampling), SDL2 (live sound and
#     listening), FFTW (the spectra listening reads), Ableton Link and asio (tempo shared with other apps),
#     pkg-config (finds SDL2 for the build), ffmpeg (video) and qlcplus-data (QLC+'s 1,358 fixture definitions: the
#     real fixtures patched by name, docs/fixtures.md).
#   TEST_PACKAGES: what only the tests need — sox (the mixdown is held against it), cairo (pycairo, the reference
#     renderer the tests hold ours against), Python's venv and headers (the test tools), Chromium (the browser
#     tests, driven by Playwright), Node.js (the web client's own tests, with its built-in runner) and Hydrogen
#     (h2cli renders its demo songs: real drum music for light from sound's test and bench/hydrogen_tempo.py).
#   PACKAGE_PACKAGES: what building and checking the Debian package needs — dpkg-dev (dpkg-shlibdeps finds the
#     libraries the binary loads), lintian (Debian's package checker), man-db (`man` reads the installed page),
#     systemd (systemd-analyze verifies the units) and iproute2 (`ip` lists the addresses --lan prints).
RUN_PACKAGES := libsqlite3-dev zlib1g-dev libdeflate-dev libqrencode-dev libsndfile1-dev libsoxr-dev libsdl2-dev libfftw3-dev ableton-link-dev libasio-dev pkg-config ffmpeg qlcplus-data
TEST_PACKAGES := sox libcairo2-dev python3-venv python3-dev chromium nodejs hydrogen
PACKAGE_PACKAGES := dpkg-dev lintian man-db systemd iproute2

# Installs the Debian packages named, those that are missing, in one apt-get run.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi
endef

deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: Swift 6 is not installed (expected in /opt/swift or on PATH)"; exit 1; }
	$(call apt_install,$(RUN_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))

package-deps: deps
	$(call apt_install,$(PACKAGE_PACKAGES))

# The Python test tools, in a virtualenv of the project's own.
$(VENV)/.installed: requirements-test.txt | test-deps
	@test -n "$(SYSTEM_PYTHON)" || { echo "error: no Python 3 with venv found"; exit 1; }
	$(SYSTEM_PYTHON) -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q -r requirements-test.txt
	touch $@

python-deps: $(VENV)/.installed

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product imager

# The instrument: it prints the console's address first; open that in a browser. Ctrl-C stops it.
run: release
	.build/release/imager serve

# The tests' build: everything, the test targets with it, in one pass (a `swift build` and then a `swift test`
# compile every module twice, the second time for testing: five minutes more from a fresh clone).
build-tests: deps
	$(SWIFT) build --build-tests

# The Python tests run two at once (pytest-xdist, a worker a core), and then those marked `alone` one at a time:
# they take what every process shares or judge time (Tests/python/conftest.py).
PYTEST := IMAGER=.build/debug/imager CHROMIUM=/usr/bin/chromium $(PYTHON) -m pytest -q Tests/python

test: build-tests test-deps python-deps
	$(SWIFT) test --skip-build
	node --test Tests/web/*.test.mjs
	$(PYTEST) --durations=15 -n 2 --dist worksteal -m "not alone"
	$(PYTEST) --durations=5 -m alone

# Benchmarks (figures, not tests): frame evaluation, the library, the live server's latencies, a composition's
# mixdown against sox -m, a
# three-minute soak, the server process under abuse (latency ratios, the time SIGTERM takes), the
# rasterizer against cairo and Skia, export against ffmpeg alone, and the canvas page's frame rate in
# Chromium against the instances on screen (bench/canvas_fps.py), and the time from a pad key in the console
# to the first canvas frame that shows it (bench/console_latency.py), and the composition lab's editing plane
# panned with 5,000 events and drawn on (bench/plane_fps.py), a music edit on a library of 100 compositions,
# 10,000 events and an hour of sound (imager-bench music), and the live latency while other clients keep the
# library busy, and "Add chordset" on a fresh library in Chromium (bench/live_under_load.py), and the lab's own
# sounds and renders: a 5-minute FLAC from upload to playing, a 3-minute composition of 16 voices rendered to
# WAV and 1080p MP4 against sox -m and ffmpeg's encoding alone (bench/lab_figures.py), and playing with the band:
# the listening analysis's onset F-measure (mir_eval), tempo and cost on a seeded drum set (bench/listening_figures.py),
# sound in to heard intent, the Link phase error against a peer and the live latency with OSC out (bench/band_figures.py),
# and the tempo of Hydrogen's demo songs against their own and librosa's (bench/hydrogen_tempo.py), and the canvas
# page under a flood of taps and of onsets, at the default polyphony and the largest (bench/flood_fps.py), and
# light from sound on a 4-minute drum song: the lab's preview and Apply, the edit over HTTP, the analysis
# (bench/light_from_sound_figures.py).
# They are a tool of their own, imager-bench (Benchmarks/), built beside imager but not part of it.
bench: release python-deps
	$(SWIFT) build -c release --product imager-bench
	$(PYTHON) -m pip install -q skia-python blend2d-python==1.0.0 librosa==0.11.0
	.build/release/imager-bench scene
	.build/release/imager-bench library
	.build/release/imager-bench live
	.build/release/imager-bench soak --seconds 180
	.build/release/imager-bench mixdown
	.build/release/imager-bench music
	.build/release/imager-bench dmx --universes 10
	.build/release/imager-bench dmx --universes 10 --profiled
	.build/release/imager-bench profiles
	$(PYTHON) bench/serve_under_abuse.py .build/release/imager
	$(PYTHON) bench/raster_peers.py .build/release/imager-bench --runs 20
	$(PYTHON) bench/raster_costs.py .build/release/imager-bench --rounds 3
	bench/export_fps.sh .build/release/imager veryfast 3
	$(PYTHON) bench/canvas_fps.py .build/release/imager
	CHROMIUM=/usr/bin/chromium $(PYTHON) bench/console_latency.py .build/release/imager
	CHROMIUM=/usr/bin/chromium $(PYTHON) bench/plane_fps.py .build/release/imager
	CHROMIUM=/usr/bin/chromium $(PYTHON) bench/live_under_load.py .build/release/imager
	$(PYTHON) bench/lab_figures.py .build/release/imager
	$(PYTHON) bench/listening_figures.py .build/release/imager
	$(PYTHON) bench/band_figures.py .build/release/imager
	$(PYTHON) bench/hydrogen_tempo.py .build/release/imager
	$(PYTHON) bench/flood_fps.py .build/release/imager
	$(PYTHON) bench/busy_passage.py .build/release/imager
	CHROMIUM=/usr/bin/chromium $(PYTHON) bench/light_from_sound_figures.py .build/release/imager

# The pictures of the README, docs/composition.md and docs/outputs.md (docs/images/console.png, frame.png,
# lab-own-sound.png, lab-render.png, lab-light-from-sound*.png, outputs-*.png), made by the project, never by hand.
pictures: release python-deps
	CHROMIUM=/usr/bin/chromium $(PYTHON) tools/readme_pictures.py .build/release/imager

# The Debian package a performer installs without a Swift toolchain (docs/install.md): dist/imager_VERSION_ARCH.deb,
# the binary linked with the Swift runtime statically, built in a folder of its own (.build-package) so that it
# never rebuilds what `make run` and `make test` built.
package: package-deps
	packaging/build-deb.sh .build-package dist

# The package checked as a performer would meet it: built, installed with dpkg, served with no Swift reachable,
# then removed, leaving no file behind (Tests/package/). CI runs it after `make test`.
package-check: package python-deps
	$(PYTHON) -m pytest -q Tests/package --deb "$$(ls -t dist/imager_*.deb | head -1)"

clean:
	rm -rf .build .build-package dist $(VENV)
