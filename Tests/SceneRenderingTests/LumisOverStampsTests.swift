import Geometry
import Instrument
import Raster
import SceneRendering
import Testing
import TestSupport

/// A lumi that follows its trail stamp (the same shape in the same place) is painted from the coverage the
/// stamp's fill recorded: the frames are byte for byte those drawn when no lumi follows its stamp.
@Suite("Lumis painted over their stamps' coverage")
struct LumisOverStampsTests {
    @Test(arguments: [1, 2])
    func aLumiPaintedFromItsStampsCoverageIsTheLumiFilled(cores: Int) throws {
        var random = SeededGenerator(seed: 44)
        let forms: [Form] = [.circle, .star(points: 6, innerRadius: 0.5), .ring(innerRadius: 0.6), .line, .rose(petals: 4)]
        var paired = SceneRenderer(width: 960, height: 540, framesInFlight: 1, cores: cores)
        var apart = SceneRenderer(width: 960, height: 540, framesInFlight: 1, cores: cores)
        for frame in 0..<8 {
            // Each lumi with its stamp before it (in another colour), as a performance's scene has them; and
            // the same stamps and lumis, each layer in the same order, with every stamp first.
            let pairs = (0..<40).map { _ in
                var lumi = CoresTests.instance(&random, forms: forms.count)
                lumi.layer = .lumis
                var stamp = lumi
                stamp.layer = .trails
                (stamp.red, stamp.green, stamp.blue) = (.random(in: 0...1, using: &random), .random(in: 0...1, using: &random), 0.5)
                stamp.opacity = .random(in: 0.1...1, using: &random)
                return (stamp, lumi)
            }
            func scene(_ instances: [SceneInstance]) -> Scene {
                Scene(time: Double(frame) / 30, background: .black, instances: instances, forms: forms, trailPersistence: 0.4)
            }
            let together = paired.render(scene(pairs.flatMap { [$0.0, $0.1] }))
            let stampsFirst = apart.render(scene(pairs.map(\.0) + pairs.map(\.1)))
            let same = together == stampsFirst
            #expect(same, "frame \(frame): the largest difference is \(CoresTests.largestDifference(together, stampsFirst))")
            if !same { return }
        }
    }
}
