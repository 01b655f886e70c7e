import JSONCodec
import Testing
import ToastCore

/// Parses bytes, returning the error (or nil when they parse).
private func parseError(_ bytes: [UInt8]) -> JSONError? {
    do {
        _ = try JSON.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String) -> JSONError? { parseError(Array(text.utf8)) }

/// `"` + bytes + `"`: a JSON string literal holding raw bytes.
private func quoted(_ bytes: [UInt8]) -> [UInt8] { [0x22] + bytes + [0x22] }

@Suite struct JSONTests {
    // MARK: Parsing values

    @Test func parsesScalars() throws {
        #expect(try JSON.parse("null") == .null)
        #expect(try JSON.parse("true") == .bool(true))
        #expect(try JSON.parse("false") == .bool(false))
        #expect(try JSON.parse("42") == .number(42))
        #expect(try JSON.parse("\"hi\"") == .string("hi"))
        #expect(try JSON.parse("  \t\r\n 7 \n") == .number(7))
    }

    @Test func parsesContainersInOrder() throws {
        let value = try JSON.parse(#"{"b": [1, "two", null, {"c": false}], "a": {}}"#)
        #expect(value == .object([
            ("b", .array([.number(1), .string("two"), .null, .object([("c", .bool(false))])])),
            ("a", .object([])),
        ]))
        #expect(try JSON.parse("[]") == .array([]))
        #expect(try JSON.parse("[ ]") == .array([]))
        #expect(try JSON.parse("{ }") == .object([]))
    }

    @Test func objectOrderMattersForEquality() {
        let ab = JSON.object([("a", .number(1)), ("b", .number(2))])
        let ba = JSON.object([("b", .number(2)), ("a", .number(1))])
        #expect(ab != ba)
        #expect(ab == JSON.object([("a", .number(1)), ("b", .number(2))]))
        #expect(JSON.number(1) != JSON.string("1"))
        #expect(JSON.null != JSON.bool(false))
    }

    @Test func subscriptTakesTheLastDuplicate() throws {
        let value = try JSON.parse(#"{"k": 1, "k": 2}"#)
        #expect(value["k"] == .number(2))
        #expect(value["missing"] == nil)
        #expect(JSON.array([.number(1)])["k"] == nil)
    }

    @Test func typeNames() {
        #expect(JSON.null.typeName == "null")
        #expect(JSON.bool(true).typeName == "a boolean")
        #expect(JSON.number(1).typeName == "a number")
        #expect(JSON.string("").typeName == "a string")
        #expect(JSON.array([]).typeName == "an array")
        #expect(JSON.object([]).typeName == "an object")
    }

    // MARK: Numbers

    @Test(arguments: [
        ("0", 0.0), ("-0", 0.0), ("-12", -12.0), ("3.25", 3.25), ("-0.5", -0.5),
        ("1e3", 1000.0), ("1E3", 1000.0), ("2.5e-2", 0.025), ("-1.5E+2", -150.0), ("0e0", 0.0),
        ("123456789", 123_456_789.0),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        #expect(try JSON.parse(text) == .number(expected))
    }

    @Test(arguments: ["01", "-01", "00", "+1", "-", "1.", ".5", "1e", "1e+", "--1", "0x10", "1.2.3", "Infinity", "NaN", "-a"])
    func rejectsBadNumbers(text: String) {
        #expect(parseError(text) != nil, "\(text) should not parse")
    }

    @Test func leadingZeroIsTrailingGarbage() throws {
        let error = try #require(parseError("012"))
        #expect(error.message == "unexpected text after the JSON value")
        #expect(error.offset == 1)
    }

    @Test func hugeNumberIsOutOfRange() throws {
        let error = try #require(parseError("1e400"))
        #expect(error.message == "number out of range")
        #expect(error.offset == 0)
    }

    // MARK: Strings and escapes

    @Test func simpleEscapes() throws {
        #expect(try JSON.parse(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{08} \u{0C} \n \r \t"))
    }

    @Test func unicodeEscapes() throws {
        #expect(try JSON.parse(#""\u0041\u00e9\u20AC""#) == .string("Aé€"))
        #expect(try JSON.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func surrogatePairEscapeMakesOneScalar() throws {
        let value = try JSON.parse(#""\ud83d\ude00""#)
        #expect(value == .string("😀"))
        guard case let .string(s) = value else { Issue.record("not a string"); return }
        #expect(s.unicodeScalars.count == 1)
        #expect(s.unicodeScalars.first?.value == 0x1F600)
        #expect(try JSON.parse(#""\uD834\uDD1E""#) == .string("\u{1D11E}"))
    }

    @Test(arguments: [
        #""\ud83d""#,          // high surrogate at the end
        #""\ud83d x""#,        // high surrogate followed by text
        #""\ud83d\n""#,        // followed by another escape
        #""\ud83d\u0041""#,    // followed by a non-surrogate
        #""\ud83d\ud83d""#,    // two highs
        #""\ude00""#,          // lone low surrogate
        #""\ude00\ud83d""#,    // pair in the wrong order
    ])
    func unpairedSurrogatesAreErrors(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == "unpaired surrogate")
    }

    @Test(arguments: [#""\u12""#, #""\u12G4""#, #""\u""#, #""\x41""#, #""\a""#, #""\U0041""#])
    func badEscapesAreErrors(text: String) {
        #expect(parseError(text) != nil)
    }

    @Test func rawControlCharactersInStringsAreErrors() throws {
        let newline = try #require(parseError(quoted([0x61, 0x0A, 0x62])))
        #expect(newline.message == "control character in string")
        #expect(newline.offset == 2)
        #expect(parseError(quoted([0x09])) != nil)
        #expect(parseError(quoted([0x00])) != nil)
        // DEL is not a JSON control character.
        #expect(try JSON.parse(quoted([0x7F])) == .string("\u{7F}"))
    }

    @Test func unterminatedString() throws {
        #expect(try #require(parseError(#""abc"#)).message == "unterminated string")
        #expect(try #require(parseError(#""abc\"#)).message == "unterminated string")
    }

    // MARK: UTF-8

    @Test func validMultiByteUTF8() throws {
        #expect(try JSON.parse(quoted([0xC3, 0xA9])) == .string("é"))
        #expect(try JSON.parse(quoted([0xE2, 0x82, 0xAC])) == .string("€"))
        #expect(try JSON.parse(quoted([0xF0, 0x9F, 0x98, 0x80])) == .string("😀"))
        #expect(try JSON.parse(quoted([0xF4, 0x8F, 0xBF, 0xBF])) == .string("\u{10FFFF}"))
        #expect(try JSON.parse(quoted([0xEF, 0xBF, 0xBD])) == .string("\u{FFFD}"))
        #expect(try JSON.parse("\"日本語 ✓\"") == .string("日本語 ✓"))
    }

    @Test(arguments: [
        [0xC0, 0x80],                   // overlong NUL
        [0xC1, 0xBF],                   // overlong 2-byte
        [0xE0, 0x80, 0xAF],             // overlong "/" in 3 bytes
        [0xE0, 0x9F, 0xBF],             // overlong U+07FF
        [0xF0, 0x8F, 0xBF, 0xBF],       // overlong U+FFFF
        [0xED, 0xA0, 0x80],             // U+D800 encoded in UTF-8
        [0xED, 0xBF, 0xBF],             // U+DFFF encoded in UTF-8
        [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80], // CESU-8 surrogate pair
        [0xF4, 0x90, 0x80, 0x80],       // past U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],       // invalid lead byte
        [0xFF],
        [0xFE],
        [0x80],                         // lone continuation byte
        [0xBF, 0x41],
        [0xC3],                         // truncated 2-byte (then the closing quote)
        [0xE2, 0x82],                   // truncated 3-byte
        [0xF0, 0x9F, 0x98],             // truncated 4-byte
        [0xC3, 0x41],                   // lead byte then ASCII
        [0xE2, 0x28, 0xA1],             // bad second byte
        [0xF0, 0x9F, 0x98, 0x41],       // bad fourth byte
    ] as [[UInt8]])
    func invalidUTF8InStringsIsRejected(bytes: [UInt8]) throws {
        let error = try #require(parseError(quoted(bytes)))
        #expect(error.message == "invalid UTF-8")
        #expect(error.offset >= 1)
    }

    @Test func truncatedSequenceAtEndOfInput() throws {
        // No closing quote: the sequence runs off the end of the bytes.
        for bytes: [UInt8] in [[0x22, 0xC3], [0x22, 0xE2, 0x82], [0x22, 0xF0, 0x9F, 0x98]] {
            let error = try #require(parseError(bytes))
            #expect(error.message == "invalid UTF-8")
        }
    }

    @Test func errorOffsetPointsAtTheBadByte() throws {
        let error = try #require(parseError([0x22, 0x61, 0x62, 0xFF, 0x22]))
        #expect(error.offset == 3)
        #expect(error.description == "invalid UTF-8 at byte 3")
    }

    // MARK: Structure errors

    @Test(arguments: [
        ("", "unexpected end of input"),
        ("   ", "unexpected end of input"),
        ("[1,", "unexpected end of input"),
        ("[1", "unexpected end of input"),
        ("{\"a\":1", "unexpected end of input"),
        ("[1 2]", "expected ',' or ']'"),
        ("{\"a\":1 \"b\":2}", "expected ',' or '}'"),
        ("{a:1}", "expected a string key"),
        ("{\"a\":1,}", "expected a string key"),
        ("{\"a\" 1}", "expected ':'"),
        ("[1,]", "unexpected character"),
        ("tru", "unexpected word"),
        ("nul", "unexpected word"),
        ("True", "unexpected character"),
        ("'a'", "unexpected character"),
    ])
    func structuralErrors(text: String, message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
    }

    @Test(arguments: ["{} x", "1 2", "[]]", "{}{}", "null,", "\"a\"\"b\"", "true false"])
    func trailingGarbageIsRejected(text: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == "unexpected text after the JSON value")
    }

    @Test func nestingUpTo64IsAllowed() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        var value = try JSON.parse(ok)
        var depth = 0
        while case let .array(items) = value {
            depth += 1
            guard let first = items.first else { break }
            value = first
        }
        #expect(depth == 64)
        let objects = String(repeating: "{\"a\":", count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(parseError(objects) == nil)
    }

    @Test func nestingBeyond64IsRefused() throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = try #require(parseError(deep))
        #expect(error.message == "nesting deeper than 64")
        let mixed = String(repeating: "[{\"a\":", count: 33) + "1" + String(repeating: "}]", count: 33)
        #expect(try #require(parseError(mixed)).message == "nesting deeper than 64")
        // Very deep input fails cleanly rather than overflowing the stack.
        let huge = String(repeating: "[", count: 100_000)
        #expect(try #require(parseError(huge)).message == "nesting deeper than 64")
    }

    @Test func siblingsDoNotAccumulateDepth() throws {
        // 100 sibling arrays at depth 2 each: depth must go back down after each.
        let text = "[" + Array(repeating: "[[]]", count: 100).joined(separator: ",") + "]"
        #expect(parseError(text) == nil)
        let objects = "[" + Array(repeating: "{\"a\":{}}", count: 100).joined(separator: ",") + "]"
        #expect(parseError(objects) == nil)
    }

    @Test func parsesFromByteCollections() throws {
        let bytes: ArraySlice<UInt8> = Array("xx[1]yy".utf8)[2..<5]
        #expect(try JSON.parse(bytes) == .array([.number(1)]))
        #expect(try JSON.parse("{\"a\":1}".utf8) == .object([("a", .number(1))]))
    }

    // MARK: Serialising

    @Test func compactText() {
        let value = JSON.object([
            ("a", .array([.number(1), .bool(true), .bool(false), .null])),
            ("b", .string("x")),
            ("c", .object([])),
            ("d", .array([])),
        ])
        #expect(value.text == #"{"a":[1,true,false,null],"b":"x","c":{},"d":[]}"#)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-7.0, "-7"), (4.0, "4"), (86_400.0, "86400"),
        (1e14, "100000000000000"), (0.5, "0.5"), (-2.25, "-2.25"),
    ])
    func numbers(value: Double, text: String) {
        #expect(JSON.number(value).text == text)
    }

    @Test func integersHaveNoFractionPart() {
        for n in [0, 1, 2, 10, 255, 4096, -1, -999] {
            #expect(JSON.number(Double(n)).text == String(n))
            #expect(!JSON.number(Double(n)).text.contains("."))
        }
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSON.number(.infinity).text == "null")
        #expect(JSON.number(-.infinity).text == "null")
        #expect(JSON.number(.nan).text == "null")
    }

    @Test func largeAndTinyNumbersStillParseBack() throws {
        for n in [1e20, -1e300, 1.5e-7, 123_456_789_012_345_678.0, 0.1] {
            let text = JSON.number(n).text
            #expect(try JSON.parse(text) == .number(n), "\(text)")
        }
    }

    @Test func stringEscaping() {
        #expect(JSON.string("a\"b\\c").text == #""a\"b\\c""#)
        #expect(JSON.string("line1\nline2\r\tx").text == #""line1\nline2\r\tx""#)
        #expect(JSON.string("\u{0}\u{1}\u{1F}").text == #""\u0000\u0001\u001f""#)
        #expect(JSON.string("/").text == #""/""#)
        #expect(JSON.string("é😀").text == "\"é😀\"")
        // DEL is escaped like the C0 and C1 controls around it (issue 12).
        #expect(JSON.string("\u{7F}").text == #""\u007f""#)
    }

    @Test func serialiserNeverEmitsALineBreak() {
        let nasty = "a\nb\rc\u{2028}d\u{2029}e\u{0B}f\u{0C}g\u{85}h"
        let value = JSON.object([(nasty, .array([.string(nasty)]))])
        let text = value.text
        for scalar in text.unicodeScalars {
            #expect(scalar.value >= 0x20, "raw control U+\(String(scalar.value, radix: 16)) in output")
            #expect(scalar.value != 0x2028 && scalar.value != 0x2029)
        }
        #expect(text.contains("\\u2028"))
        #expect(text.contains("\\u2029"))
        #expect(!text.utf8.contains(0x0A))
        #expect(!text.utf8.contains(0x0D))
    }

    @Test func keysAreEscapedToo() {
        #expect(JSON.object([("a\nb", .null)]).text == #"{"a\nb":null}"#)
    }

    @Test func roundTrips() throws {
        let values: [JSON] = [
            .null, .bool(true), .number(-3.5), .number(12), .string(""),
            .string("quote \" backslash \\ newline \n tab \t nul \u{0} sep \u{2028}\u{2029} emoji 😀 é"),
            .array([.array([.array([])]), .object([("", .null)])]),
            .object([("op", .string("show")), ("message", .string("Build\nfailed")), ("timeout", .number(2.5)),
                      ("nested", .object([("list", .array([.number(0), .number(-1e-3), .bool(false)]))]))]),
        ]
        for value in values {
            let text = value.text
            #expect(try JSON.parse(text) == value, "\(text)")
            #expect(try JSON.parse(text).text == text)
        }
    }

    @Test func reparsedEscapesRoundTrip() throws {
        // Every scalar below 0x80 plus the line separators survives a round trip.
        var s = String.UnicodeScalarView()
        for v in 0..<0x80 { s.append(Unicode.Scalar(UInt8(v))) }
        s.append("\u{2028}")
        s.append("\u{2029}")
        let value = JSON.string(String(s))
        #expect(try JSON.parse(value.text) == value)
    }

    /// The writer's commas: none after an opening bracket, one between siblings, and right
    /// after a nested container closes, empty ones included.
    @Test func writerPutsCommasBetweenSiblingsOnly() {
        let value = JSON.object([("a", .array([.object([]), .array([]), .number(1), .object([("x", .bool(false))])])),
                                 ("b", .null), ("c", .object([]))])
        #expect(value.text == #"{"a":[{},[],1,{"x":false}],"b":null,"c":{}}"#)
        var w = JSONWriter()
        w.beginObject()
        w.member("skipped", nil as String?)
        w.member("n", 2.5)
        w.member("s", "é\u{200F}\"")
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"n":2.5,"s":"é\u200f\""}"#)
    }
}
