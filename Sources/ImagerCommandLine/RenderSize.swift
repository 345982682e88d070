import Library

/// The frame size of a render: `--size` when it is given, else the library's output size (the console's
/// preferences set it; 1920×1080 until they do).
enum RenderSize {
    static let help = "The frame size, WIDTHxHEIGHT (16…8192 each; default: the output size in the library's preferences, at first 1920x1080)."

    static func resolve(_ option: String?, library: LibraryOption) throws(CommandFailure) -> (width: Int, height: Int) {
        if let option { return try NumberArgument.size(option, "--size", in: 16...8192) }
        let opened = try library.open()
        let size = try libraryCommand { () throws(LibraryError) in try opened.preference(.outputSize) }
        return (size[0], size[1])
    }
}
