import HTTPTypes

/// How a tablet or a projector's browser finds the canvas: its address — under `--lan` on this machine's
/// network address, with the pairing token — and that address as a QR code.
struct Pairing {
    let isLAN: Bool
    let canvasAddress: String

    /// The canvas address for a console that reached the server by `askedHost` (its Host): under `--lan`
    /// the first network address of this machine (what another device can reach), else loopback.
    init(configuration: ServerConfiguration, port: Int, askedHost: String?, lanAddresses: [String] = NetworkAddresses.lanIPv4()) {
        switch configuration.reach {
        case .loopback:
            isLAN = false
            canvasAddress = "http://127.0.0.1:\(port)/canvas"
        case .lan(let token):
            isLAN = true
            let askedName = askedHost.map { String($0.split(separator: ":").first ?? "") }
            // A console opened by a network address already names one the tablet can reach.
            let host = askedName.flatMap { name in lanAddresses.contains(name) ? name : nil } ?? lanAddresses.first ?? "127.0.0.1"
            canvasAddress = "http://\(host):\(port)/canvas?token=\(token)"
        }
    }

    var qrSVG: String? { QRCode.svg(of: canvasAddress) }
}
