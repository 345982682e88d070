// swift-tools-version: 6.1
import PackageDescription

/// One set of settings for every target, tests included: Swift 6 language mode, strict concurrency.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The same, optimized in debug builds too: the pixel loops (the rasterizer, the scene's drawing) that an
/// unoptimized build runs tens of times slower — a debug server drawing its chordsets' thumbnails kept a core
/// busy for most of a minute, under every test that starts one.
let pixelLoopSettings: [SwiftSetting] = swiftSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// The commit this source is (when it is a git checkout), for `imager version`: handed to one C file as defines.
let buildStampSettings: [CSetting] = {
    guard let git = Context.gitInformation else { return [] }
    let commit: [CSetting] = [.define("IMAGER_BUILD_COMMIT", to: git.currentCommit)]
    return git.hasUncommittedChanges ? commit + [.define("IMAGER_BUILD_UNCOMMITTED")] : commit
}()

let package = Package(
    name: "ImagePerformer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "imager", targets: ["imager"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // Portfolio model: points, transforms, paths, shapes, the prism drawing. No I/O.
        .target(name: "Geometry", swiftSettings: swiftSettings),
        // Portfolio model: the rasterizer — exact-area anti-aliasing, strokes, paints, compositing.
        .target(name: "Raster", dependencies: ["Geometry", "CRasterBuiltins"], swiftSettings: pixelLoopSettings),
        // What the rasterizer's loops need from C: cache hints, unchecked conversions, and the runs' 32-byte kernels
        // for processors with AVX2, chosen at run time (no I/O, no library). Optimised in debug builds too, as Raster is.
        .target(name: "CRasterBuiltins", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // Portfolio model: sound in memory and the pull model of audio sources. No I/O.
        .target(name: "Audio", swiftSettings: swiftSettings),
        // The system's zlib, for PNG.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // The system's libdeflate: PNG's deflate, whole buffers at once, several times faster than zlib.
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        // QR codes (libqrencode), for pairing a tablet with the canvas address.
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        // Portfolio adapter: PNG files (zlib), atomic file writes.
        .target(name: "ImageFiles", dependencies: ["Raster", "CZlib", "CDeflate"], swiftSettings: swiftSettings),
        // Audio files through libsndfile (WAV, AIFF, FLAC, Ogg), resampled by libsoxr.
        .systemLibrary(name: "CSndfile", path: "Sources/CSndfile", providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
        .systemLibrary(name: "CSoxr", path: "Sources/CSoxr", providers: [.apt(["libsoxr-dev"]), .brew(["libsoxr"])]),
        // The computer's sound, through SDL2's pull callback.
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        // FFTW's single-precision transforms, for the spectra the listening analysis reads.
        .systemLibrary(name: "CFFTW", path: "Sources/CFFTW", providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]),
        // Portfolio model: listening — sound in blocks analysed into level, bands, onsets and tempo. No I/O.
        .target(name: "Listening", dependencies: ["CFFTW"], swiftSettings: swiftSettings),
        // Ableton Link (Debian's header-only ableton-link-dev, over libasio-dev) behind a plain C header of our own.
        .target(name: "CLink", linkerSettings: [.linkedLibrary("pthread", .when(platforms: [.linux]))]),
        // Portfolio adapter: an audio device that pulls an AudioSource (SDL2).
        .target(name: "AudioDevice", dependencies: ["Audio", "CSDL2"], swiftSettings: swiftSettings),
        // Portfolio adapter: audio files read, resampled and written.
        .target(name: "AudioFiles", dependencies: ["Audio", "ImageFiles", "CSndfile", "CSoxr"], swiftSettings: swiftSettings),
        // Portfolio model: the one rule for text a person gives (names, titles), applied at every door. No I/O.
        .target(name: "UserText", swiftSettings: swiftSettings),
        // Domain model: colour, oscillators, forms, motion, lumis, chords, canvas, pads, performance log, scene.
        .target(name: "Instrument", dependencies: ["Geometry", "UserText"], swiftSettings: swiftSettings),
        // Portfolio model: DMX universes and the packets that carry them (Art-Net 4's ArtDmx, sACN E1.31). No I/O.
        .target(name: "DMX", dependencies: ["UserText"], swiftSettings: swiftSettings),
        // Domain model: the fixture patch, each light's place on the stage, and the DMX levels a picture of the
        // stage gives them. No I/O.
        .target(name: "Fixtures", dependencies: ["DMX", "Raster", "UserText", "StageOutputs"], swiftSettings: swiftSettings),
        // Domain adapter: fixture definitions on disk — QLC+'s `.qxf`, read safely into profiles.
        .target(name: "FixtureDefinitions", dependencies: ["Fixtures"], swiftSettings: swiftSettings),
        // Domain model: the stage's outputs — a slice of the stage per canvas window, corner-pinned or drawn
        // through a grid, edge-blended and masked (docs/outputs.md). No I/O.
        .target(name: "StageOutputs", dependencies: ["UserText"], swiftSettings: swiftSettings),
        // Domain model: composition (seed 003's HAIL) — parts and voices as two hierarchies, scores, the music
        // library, and a pair's performance as an audio source that also lights chords.
        .target(name: "Composition", dependencies: ["Audio", "UserText"], swiftSettings: swiftSettings),
        // Domain adapter: the chordset library in SQLite (GRDB) — migrations, repository, interchange files.
        .target(
            name: "Library",
            dependencies: [
                "Instrument", "Composition", "Fixtures", "StageOutputs", "Audio", "AudioFiles", "UserText", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // Presentation model: external controls — OSC packets and their address space — as intents.
        .target(name: "Control", dependencies: ["Instrument", "Geometry"], swiftSettings: swiftSettings),
        // Domain adapter: recordings on disk — journals written as a performance is played, closed into
        // performance logs (also after a crash).
        .target(name: "Recordings", dependencies: ["Instrument", "ImageFiles", "AudioFiles"], swiftSettings: swiftSettings),
        // Business model: the engine — the live state's one owner, on a clock — and the live use cases
        // (intents, stored chords, chordset steps, recordings), with the ports they need.
        .target(name: "Engine", dependencies: ["Instrument", "Composition", "Fixtures", "DMX", "Raster", "StageOutputs", "Audio", "Listening", "UserText"], swiftSettings: swiftSettings),
        // Business model: exporting frames — the staged pipeline, a performance's frames, the video and
        // frame-file ports the file adapters plug into.
        .target(name: "Export", dependencies: ["Instrument", "SceneRendering", "Raster", "StageOutputs"], swiftSettings: swiftSettings),
        // Domain model: drawing the instrument's scenes with the rasterizer, trails included.
        .target(name: "SceneRendering", dependencies: ["Instrument", "Raster", "Geometry", "StageOutputs"], swiftSettings: pixelLoopSettings),
        // Presentation model: the browser clients (ES modules served as they are), shipped as resources.
        .target(name: "WebClient", resources: [.copy("Web")], swiftSettings: swiftSettings),
        // Presentation adapter: the instrument's server — HTTP, the live WebSocket.
        .target(
            name: "Server",
            dependencies: [
                "Engine", "Instrument", "Control", "Geometry", "WebClient", "CQREncode", "Composition", "UserText",
                "DMX", "Fixtures", "StageOutputs", "Raster", "SceneRendering",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Presentation adapter: the `imager` command line.
        .target(
            name: "ImagerCommandLine",
            dependencies: [
                "Geometry", "Instrument", "Raster", "ImageFiles", "SceneRendering", "Library", "Recordings", "Engine",
                "Export", "Server", "Composition", "Audio", "AudioFiles", "AudioDevice", "Control", "UserText", "CLink", "Listening",
                "CBuildStamp", "Fixtures", "FixtureDefinitions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // What the build knew of its source: the commit (`imager version`).
        .target(name: "CBuildStamp", cSettings: buildStampSettings),
        // The composition root.
        .executableTarget(
            name: "imager",
            dependencies: ["ImagerCommandLine"],
            swiftSettings: swiftSettings
        ),
        // The benchmarks (`make bench`): a tool for the instrument's developers, not part of `imager`.
        .executableTarget(
            name: "imager-bench",
            dependencies: [
                "ImagerCommandLine", "Geometry", "Instrument", "Raster", "Library", "Engine", "Export",
                "Server", "Composition", "Audio", "AudioFiles", "SceneRendering", "DMX", "Fixtures", "FixtureDefinitions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/ImagerBench",
            swiftSettings: swiftSettings
        ),
        // A test tool: the library crash test's writer, killed mid-write (Tests/python/test_library_crash.py).
        .executableTarget(
            name: "library-write-loop", dependencies: ["Library", "Instrument"], path: "Tests/Tools/LibraryWriteLoop",
            swiftSettings: swiftSettings),
        // Helpers the test targets share.
        .target(name: "TestSupport", dependencies: ["Geometry", "Raster", "CZlib", "ImageFiles", "Instrument", "Engine"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GeometryTests",
            dependencies: [
                "Geometry", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "UserTextTests",
            dependencies: ["UserText", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RasterTests",
            dependencies: [
                "Raster", "Geometry", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StageOutputsTests",
            dependencies: ["StageOutputs", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FixturesTests",
            dependencies: ["Fixtures", "FixtureDefinitions", "DMX", "Raster", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ExportTests", dependencies: ["Export"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SceneRenderingTests",
            dependencies: ["SceneRendering", "Instrument", "Raster", "Geometry", "StageOutputs", "Engine", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ControlTests",
            dependencies: [
                "Control", "Instrument", "Geometry",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "Engine", "Instrument", "Control", "Geometry", "TestSupport", "DMX", "Fixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EngineTests",
            dependencies: ["Engine", "Instrument", "Composition", "Audio", "Geometry", "DMX", "Fixtures", "Raster", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LibraryTests",
            dependencies: [
                "Library", "Instrument", "Composition", "Fixtures", "StageOutputs", "Audio", "AudioFiles", "TestSupport", "UserText",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImageFilesTests",
            dependencies: ["ImageFiles", "Raster", "Geometry", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AudioFilesTests",
            dependencies: ["AudioFiles", "Audio"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CompositionTests",
            dependencies: [
                "Composition", "Audio", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ListeningTests", dependencies: ["Listening", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "InstrumentTests",
            dependencies: [
                "Instrument", "Geometry", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImagerCommandLineTests",
            dependencies: [
                "ImagerCommandLine", "Instrument", "Engine", "Library", "ImageFiles", "Recordings", "TestSupport", "Server", "Export", "Fixtures",
                "FixtureDefinitions", "DMX", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RecordingsTests",
            dependencies: ["Recordings", "Instrument", "TestSupport", "AudioFiles"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ImagerBenchTests",
            dependencies: ["imager-bench", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
