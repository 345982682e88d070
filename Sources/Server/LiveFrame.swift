import Instrument
import NIOCore

/// One tick's frame as sent to canvases: the encoded bytes, and the form table its instances index (a
/// client is sent the geometry of forms it has not seen before the frame that uses them).
struct LiveFrame: Sendable {
    let bytes: ByteBuffer
    let forms: [Form]
}
