import Engine
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// How the library's API writes its answers: Codable types as JSON (sorted keys, slashes as they are), never
/// cached by the browser unless the route says so. An answer that cannot be written is a 500 and a line in
/// the log — never the route's success with an error inside.
enum APIAnswer {
    static let logger = Logger(label: "imager.api")

    /// `value` as JSON; the 500 said in the same `{"error": …}` shape as every other refusal.
    static func response(_ status: HTTPResponse.Status, _ value: some Encodable, headers extra: HTTPFields = [:]) -> Response {
        do {
            return response(status, bytes: try encoded(value), headers: extra)
        } catch {
            logger.error("an answer of type \(type(of: value)) could not be written: \(error)")
            return response(.internalServerError, bytes: Array(#"{"error":"the answer could not be written"}"#.utf8))
        }
    }

    /// Bytes already written as JSON.
    static func response(_ status: HTTPResponse.Status, bytes: [UInt8], headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        for field in extra { headers[field.name] = field.value }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// A JSON object written already, with `fields` added (each written as JSON): an answer part of which is
    /// written once and kept.
    static func adding(_ fields: [String: any Encodable & Sendable], to object: [UInt8]) throws -> [UInt8] {
        guard !fields.isEmpty else { return object }
        guard object.last == UInt8(ascii: "}") else { throw EncodingError.invalidValue(object, .init(codingPath: [], debugDescription: "not a JSON object")) }
        var joined = Array(object.dropLast())
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            if joined.count > 1 { joined.append(UInt8(ascii: ",")) }
            joined += try encoded(name) + [UInt8(ascii: ":")] + encoded(value)
        }
        return joined + [UInt8(ascii: "}")]
    }

    /// `{"error": "…"}`: every refusal's shape.
    struct Refusal: Encodable {
        let error: String
    }

    /// An answer that holds nothing but its status.
    struct Nothing: Encodable {}
}
