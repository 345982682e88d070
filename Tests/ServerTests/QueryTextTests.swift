import Testing

@testable import Server

/// An address's query read as text: percent escapes and `+` decoded, and refused — never patched with
/// stand-ins — when what they spell is not UTF-8, or a name is given twice.
@Suite("Query text")
struct QueryTextTests {
    @Test func valuesAreDecoded() throws {
        let query = try QueryText("name=Kick%2001.wav&parent=26&empty=&flag&plus=a+b%2Bc&%C3%A9t%C3%A9=%E2%99%AA")
        #expect(query["name"] == "Kick 01.wav")
        #expect(query["parent"] == "26")
        #expect(query["empty"] == "" && query["flag"] == "")
        #expect(query["plus"] == "a b+c")
        #expect(query["été"] == "♪")
        #expect(try QueryText("name=%EF%BB%BFCaf%C3%A9.wav")["name"] == "\u{FEFF}Café.wav")  // kept, for the text rule to refuse
        #expect(query["missing"] == nil)
        #expect(try QueryText(nil)["name"] == nil)
        #expect(try QueryText("")["name"] == nil)
    }

    @Test(arguments: ["name=%ED%A0%80.wav", "name=%80%80", "name=%C3", "name=%FF%FE", "name=%4", "name=%zz", "name=a%", "%ED%BF%BF=1", "name=a&name=b"])
    func whatIsNotTextIsRefused(query: String) {
        #expect(throws: APIRefusal.self) { try QueryText(query) }
    }
}
