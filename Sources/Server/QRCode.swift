import CQREncode

/// A QR code made by libqrencode (the encoding, error correction and masking are the library's), drawn as
/// an SVG of dark modules on a light square with the four-module quiet zone scanners need.
enum QRCode {
    /// The SVG of `text` as a QR code (error correction level M), or nil if libqrencode cannot encode it.
    static func svg(of text: String) -> String? {
        guard let code = text.withCString({ QRcode_encodeString8bit($0, 0, QR_ECLEVEL_M) }) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let quiet = 4, size = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            for column in 0..<width where code.pointee.data[row * width + column] & 1 == 1 {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges" role="img" \
            aria-label="QR code of the canvas address"><rect width="\(size)" height="\(size)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>
            """
    }
}
