import Engine
import Foundation
import Testing
import TestSupport

@testable import Server

/// A video render's size and frame rate (Tests/fixtures/twin-rules/render-request.json), which the lab's Render
/// dialog (render-model.js's `checkedVideo`) is held to as well, by `node --test`: the same videos kept, the same
/// refused in the same words.
@Suite struct RenderRequestTwinRuleTests {
    /// What POST /api/renders makes of a body: refused by its decoder, else what `Body.request` asks or says.
    enum Answer: Equatable, Sendable {
        case unreadable
        case kept(RenderRequest.Format)
        case refused(String)
    }

    struct Case: Decodable, CustomTestStringConvertible {
        struct Video: Decodable {
            let width: Int
            let height: Int
            let fps: Int
        }

        let `case`: String
        /// The server's answer to the case's `body`, read as the route reads it.
        let answer: Answer
        let kept: Video?
        let refused: String?
        let unreadable: String?
        var testDescription: String { self.case }

        private enum CodingKeys: String, CodingKey { case `case`, body, kept, refused, unreadable }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.case = try c.decode(String.self, forKey: .`case`)
            kept = try c.decodeIfPresent(Video.self, forKey: .kept)
            refused = try c.decodeIfPresent(String.self, forKey: .refused)
            unreadable = try c.decodeIfPresent(String.self, forKey: .unreadable)
            if let body = try? c.decode(RenderRoutes.Body.self, forKey: .body) {  // nil: refused by the route's decoder
                do {
                    answer = .kept(try body.request().format)
                } catch let refusal as APIRefusal {
                    answer = .refused(refusal.message)
                } catch let refusal as LiveError where refusal.code == .invalid {
                    answer = .refused(refusal.message)
                } catch {
                    answer = .refused("not an API refusal: \(error)")
                }
            } else {
                answer = .unreadable
            }
        }

        /// The answer the table says the server gives.
        var expected: Answer {
            if unreadable != nil { return .unreadable }
            if let kept { return .kept(.mp4(width: kept.width, height: kept.height, fps: kept.fps)) }
            return .refused(refused ?? "")
        }
    }

    static let cases: [Case] = {
        struct Table: Decodable { let cases: [Case] }
        let file = TwinRuleTables.file("render-request.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Table.self, from: $0).cases } ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 25)
    }

    @Test(arguments: cases) func eachVideoIsKeptOrRefusedAsTheTableSays(_ item: Case) {
        #expect(item.answer == item.expected)
    }
}
