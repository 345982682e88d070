/// The twelve named hues of the spectrum, in ribbon order, as seed 001 names them.
public enum SpectralHue: Int, CaseIterable, Hashable, Sendable, Codable {
    case redOrange, orange, orangeYellow, yellow, yellowGreen, green
    case greenBlue, blue, blueViolet, violet, violetRed, red

    /// The name a performer reads, e.g. "red-orange".
    public var name: String {
        switch self {
        case .redOrange: "red-orange"
        case .orange: "orange"
        case .orangeYellow: "orange-yellow"
        case .yellow: "yellow"
        case .yellowGreen: "yellow-green"
        case .green: "green"
        case .greenBlue: "green-blue"
        case .blue: "blue"
        case .blueViolet: "blue-violet"
        case .violet: "violet"
        case .violetRed: "violet-red"
        case .red: "red"
        }
    }
}
