import PropertyBased
import Testing
import UserText

/// The one rule for text a person gives: what it keeps, what it refuses and why, and that what it keeps is
/// kept again as it is.
@Suite("The text rule")
struct UserTextTests {
    @Test(arguments: [
        ("Verse", "Verse"), ("  Verse  ", "Verse"), ("e\u{301}t\u{E9}", "\u{E9}t\u{E9}"), ("A\u{30A}", "\u{C5}"),
        ("\u{200F}שלום", "\u{200F}שלום"), ("👩‍👩‍👧‍👦 family", "👩‍👩‍👧‍👦 family"), ("\u{3000}x\u{A0}", "x"),
    ])
    func keepsTextComposedAndTrimmed(given: String, kept: String) throws {
        #expect(try UserText.checked(given, as: "a name") == kept)
        #expect(UserText.isKept(kept))
    }

    @Test(arguments: [
        ("\u{0}", "a name cannot hold a NUL character (U+0000); type it again without it"),
        ("A\u{0}B", "a name cannot hold a NUL character (U+0000); type it again without it"),
        ("tab\there", "a name cannot hold a tab (U+0009); type it again without it"),
        ("two\nlines", "a name cannot hold a line break (U+000A); type it again without it"),
        ("\u{85}", "a name cannot hold a control character (U+0085); type it again without it"),
        ("\u{7F}x", "a name cannot hold a control character (U+007F); type it again without it"),
        ("\u{FEFF}Verse", "a name cannot hold a byte-order mark (U+FEFF); type it again without it"),
        ("a\u{2028}b", "a name cannot hold a line break (U+2028); type it again without it"),
        ("", "a name cannot be empty"), ("   ", "a name cannot be empty"), ("\u{3000}", "a name cannot be empty"),
    ])
    func refusesWithOneLine(given: String, reason: String) {
        #expect(throws: UserTextError.self) { try UserText.checked(given, as: "a name") }
        do { _ = try UserText.checked(given, as: "a name") } catch { #expect(error.description == reason) }
    }

    @Test func countsCharactersAsAPersonDoesAndBoundsTheirBytes() throws {
        #expect(try UserText.checked(String(repeating: "é", count: 200), as: "a name").count == 200)
        #expect(try UserText.checked(String(repeating: "e\u{301}", count: 200), as: "a name") == String(repeating: "\u{E9}", count: 200))
        #expect(throws: UserTextError.self) { try UserText.checked(String(repeating: "x", count: 201), as: "a name") }
        #expect(throws: UserTextError.self) { try UserText.checked(String(repeating: "x", count: 10_000), as: "a name") }
        // One character under five thousand combining marks is one character, and far too many bytes.
        #expect(throws: UserTextError.self) { try UserText.checked("a" + String(repeating: "\u{301}", count: 5_000), as: "a name") }
        #expect(try UserText.checked("", as: "a chord title", allowsEmpty: true) == "")
    }

    @Test func whatTheRuleKeepsItKeepsAgainAsItIs() async {
        let text = Gen<Character>.oneOf(
            Gen.letterOrNumber, Gen.always(" "), Gen.always("\u{301}"), Gen.always("\u{0}"), Gen.always("\u{FEFF}"),
            Gen.always("\u{200F}"), Gen.always("👩‍👩‍👧‍👦"), Gen.always("\u{85}"), Gen.always("\n"), Gen.always("\u{3000}")
        ).string(of: 0...240)
        await propertyCheck(count: 500, input: text) { given in
            guard let kept = try? UserText.checked(given, as: "a name") else {
                #expect(given.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{FEFF}" }
                    || given.trimmingCharactersForTest().isEmpty || given.count > 200)
                return
            }
            #expect(UserText.isKept(kept))
            #expect((try? UserText.checked(kept, as: "a name")) == kept)
            #expect(!kept.isEmpty && kept.count <= 200)
        }
    }

    @Test(arguments: [
        ("", nil), ("\u{0}", nil), ("A\u{1}B", "AB"), ("  x\u{FEFF} ", "x"), ("e\u{301}", "\u{E9}"),
        (String(repeating: "y", count: 300), String(repeating: "y", count: 200)),
    ] as [(String, String?)])
    func mendsWhatAnEarlierBuildStored(stored: String, mended: String?) {
        #expect(UserText.mended(stored) == mended)
        if let mended { #expect(UserText.isKept(mended)) }
    }

    @Test func showsRefusedCharactersEscaped() {
        #expect(UserText.printable("A\u{0}B\u{1B}") == "A\\u{0}B\\u{1B}")
    }
}

extension String {
    /// Trimmed of white space the way the rule trims, without Foundation in the test.
    fileprivate func trimmingCharactersForTest() -> String {
        String(unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}
