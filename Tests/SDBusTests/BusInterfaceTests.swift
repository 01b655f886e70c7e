import SDBus
import Testing

/// An interface described in Swift becomes a vtable sd-bus accepts (it checks every member's
/// name and signature when the interface is exported), and one it would refuse is refused.
@Suite struct BusInterfaceTests {
    static let greeter = BusInterface("org.example.Greeter", [
        .method("Greet", takes: "sa{sv}", names: ["name", "hints"], returns: "s", resultNames: ["greeting"]),
        .method("Ping", takes: "", returns: ""),
        .property("Greeted", "u", change: .emits),
        .property("Loud", "b", writable: true, change: .emits),
        .property("Length", "u", change: .unannounced),
        .signal("Greeted", "us", names: ["count", "name"]),
    ])

    @Test func aDescribedInterfaceIsExported() throws {
        let bus = try #require(BusConnection.toNobody())
        let slot = try bus.export(Self.greeter, at: "/org/example/Greeter", BusInterface.Handlers(method: { _ in .passOn }))
        withExtendedLifetime(slot) {}
        // The same interface twice on one object is sd-bus's EEXIST: the first is still there.
        #expect(throws: BusError.self) {
            try bus.export(Self.greeter, at: "/org/example/Greeter", BusInterface.Handlers(method: { _ in .passOn }))
        }
    }

    @Test func aMalformedDescriptionIsRefused() throws {
        let bus = try #require(BusConnection.toNobody())
        let badSignature = BusInterface("org.example.Bad", [.method("Greet", takes: "a", returns: "")])
        #expect(throws: BusError.self) {
            try bus.export(badSignature, at: "/org/example/Bad", BusInterface.Handlers(method: { _ in .passOn }))
        }
        let badName = BusInterface("org.example.Bad", [.method("no-dashes", takes: "", returns: "")])
        #expect(throws: BusError.self) {
            try bus.export(badName, at: "/org/example/Bad", BusInterface.Handlers(method: { _ in .passOn }))
        }
    }
}
