import Foundation

/// The tables of cases that hold a rule written twice — in Swift and in the browser's JavaScript — to one
/// answer (Tests/fixtures/twin-rules, read by Swift Testing and by `node --test` alike; docs/architecture.md,
/// "Twin rules").
public enum TwinRuleTables {
    /// The table called `name` ("outputs.json").
    public static func file(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/fixtures/twin-rules").appendingPathComponent(name)
    }
}
