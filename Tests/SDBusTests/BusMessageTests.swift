import SDBus
import Testing

/// Building and reading messages without a bus: made on a connection to nobody, sealed, and
/// read back as a receiver reads them.
@Suite struct BusMessageTests {
    private static func call(_ member: String = "Call") throws -> BusMessage {
        let bus = try #require(BusConnection.toNobody())
        return try bus.methodCall(destination: "org.example.Test", path: "/org/example/Test", interface: "org.example.Test",
                                  member: member)
    }

    @Test func basicValuesReadBackInOrder() throws {
        let m = try Self.call()
        try m.append(UInt8(7))
        try m.append(true)
        try m.append(Int16(-3))
        try m.append(Int32(-70_000))
        try m.append(UInt32(4_000_000_000))
        try m.append(Int64.min)
        try m.append(UInt64.max)
        try m.append(2.5)
        try m.append("héllo")
        try m.append("/org/example/Object", type: "o")
        try m.sealForReading()
        #expect(try m.readByte() == 7)
        #expect(try m.readBool() == true)
        #expect(try m.readInt16() == -3)
        #expect(try m.readInt32() == -70_000)
        #expect(try m.readUInt32() == 4_000_000_000)
        #expect(try m.readInt64() == Int64.min)
        #expect(try m.readUInt64() == UInt64.max)
        #expect(try m.peekType()?.type == "d")
        try m.skip("d")
        #expect(try m.readString(maxBytes: 100) == "héllo")
        #expect(try m.readString(maxBytes: 100, type: "o") == "/org/example/Object")
        #expect(try m.peekType() == nil)
    }

    @Test func containersReadBack() throws {
        let m = try Self.call()
        try m.append(["a", "b", "c"])
        try m.appendArray(of: "{sv}") {
            try m.appendDictEntry("sv") {
                try m.append("urgency")
                try m.appendVariant("y") { try m.append(UInt8(2)) }
            }
            try m.appendDictEntry("sv") {
                try m.append("name")
                try m.appendVariant("s") { try m.append("x") }
            }
        }
        try m.appendStruct("so") {
            try m.append(":1.5")
            try m.append("/a/b", type: "o")
        }
        try m.sealForReading()

        try m.enterContainer("a", "s")
        var strings: [String] = []
        while let s = try m.nextString(maxBytes: 10) { strings.append(s) }
        try m.exitContainer()
        #expect(strings == ["a", "b", "c"])

        try m.enterContainer("a", "{sv}")
        var entries: [String: String] = [:]
        while try m.enterContainer("e", "sv") {
            let key = try m.readString(maxBytes: 10)
            let signature = try #require(try m.peekType()?.contents)
            try m.enterContainer("v", signature)
            entries[key] = signature == "y" ? String(try m.readByte()) : try m.readString(maxBytes: 10)
            try m.exitContainer()
            try m.exitContainer()
        }
        try m.exitContainer()
        #expect(entries == ["urgency": "2", "name": "x"])

        try m.enterContainer("r", "so")
        #expect(try m.readString(maxBytes: 10) == ":1.5")
        #expect(try m.readString(maxBytes: 10, type: "o") == "/a/b")
        try m.exitContainer()
    }

    /// A string is cut at its bound, at a scalar's start; past the end of an array a `read`
    /// throws where a `next` answers nil; a wrong type is refused.
    @Test func readingKeepsToItsBounds() throws {
        let m = try Self.call()
        try m.append("abcé")  // é is two bytes: a cut at 4 bytes must not split it
        try m.appendArray(of: "i") { try m.append(Int32(1)) }
        try m.append(Int32(5))
        try m.sealForReading()
        #expect(try m.readString(maxBytes: 4) == "abc")
        try m.enterContainer("a", "i")
        #expect(try m.readInt32() == 1)
        #expect(throws: BusError.self) { try m.readInt32() }
        try m.exitContainer()
        #expect(throws: BusError.self) { try m.readString(maxBytes: 10) }
        #expect(try m.readInt32() == 5)
    }

    @Test func bytesAreLentWhole() throws {
        let m = try Self.call()
        try m.appendArray(of: "y") {
            for byte: UInt8 in [1, 2, 3, 250] { try m.append(byte) }
        }
        try m.sealForReading()
        #expect(Array(try m.readBytes()) == [1, 2, 3, 250])
    }

    @Test func headerFieldsAreTheCallsOwn() throws {
        let m = try Self.call("Notify")
        #expect(m.member == "Notify")
        #expect(m.interface == "org.example.Test")
        #expect(m.path == "/org/example/Test")
        #expect(m.isMethodCall(interface: "org.example.Test", member: "Notify"))
        #expect(!m.isSignal(interface: "org.example.Test"))
        #expect(!m.isMethodError)
    }

    @Test func signalsAreBuiltAsSignals() throws {
        let bus = try #require(BusConnection.toNobody())
        let s = try bus.signal(path: "/org/example/Test", interface: "org.example.Test", member: "Closed")
        try s.append(UInt32(1))
        try s.append(UInt32(2))
        #expect(s.isSignal(interface: "org.example.Test", member: "Closed"))
        try s.sealForReading()
        #expect(try s.readUInt32() == 1)
        #expect(try s.readUInt32() == 2)
    }
}
