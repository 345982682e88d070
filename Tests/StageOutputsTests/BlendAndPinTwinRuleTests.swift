import Foundation
import StageOutputs
import Testing
import TestSupport

/// Edge blending and the corner-pin (Tests/fixtures/twin-rules/blend-and-pin.json), which the browser's view
/// (view/blend-curve.js, view/homography.js) is held to as well, by `node --test`: the same light and value at
/// a slice point, and the same window point for a slice point, to 1e-12.
@Suite struct BlendAndPinTwinRuleTests {
    struct Table: Decodable {
        struct Blend: Decodable { let `case`: String; let blend: OutputBlend; let point: [Double]; let light: Double; let value: Double }
        struct Pin: Decodable { let `case`: String; let corners: [[Double]]; let point: [Double]; let window: [Double] }
        let blends: [Blend]
        let pins: [Pin]
    }

    static let table: Table? = {
        let file = TwinRuleTables.file("blend-and-pin.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0) }
    }()

    @Test func theFeathersLeaveTheLightAndWriteTheValueTheTableSays() throws {
        let blends = try #require(Self.table?.blends)
        #expect(blends.count >= 5)
        for item in blends {
            let light = BlendCurve.light(atSliceX: item.point[0], y: item.point[1], of: item.blend)
            let value = BlendCurve.value(atSliceX: item.point[0], y: item.point[1], of: item.blend)
            #expect(abs(light - item.light) <= 1e-12 && abs(value - item.value) <= 1e-12, "\(item.case): \(light), \(value)")
        }
    }

    @Test func thePinTakesEachSlicePointWhereTheTableSays() throws {
        let pins = try #require(Self.table?.pins)
        #expect(pins.count >= 5)
        for item in pins {
            let pin = try #require(Homography(unitSquareTo: item.corners.map { OutputPoint($0[0], $0[1]) }), "\(item.case)")
            let window = try #require(pin.apply(OutputPoint(item.point[0], item.point[1])))
            #expect(abs(window.x - item.window[0]) <= 1e-12 && abs(window.y - item.window[1]) <= 1e-12, "\(item.case): \(window)")
        }
    }
}
