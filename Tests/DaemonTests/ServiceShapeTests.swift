@testable import Daemon
import Testing
@testable import ToastCore

/// Issue 44: the service is the wiring between concerns that own their state, not a store of
/// its own. A new feature adds a concern (a value in `Service/Concerns/`), not fields here.
@Suite struct ServiceShapeTests {
    /// The bound: board, screen, stage, centre, wiring, rules, keys, quiet, snoozes, reply,
    /// screen watch, continuity.
    static let maxStoredProperties = 12

    @Test("ToastService keeps at most 12 stored properties (it had 36 before issue 44)")
    func storedProperties() {
        let rig = Rig()
        let names = Mirror(reflecting: rig.service).children.compactMap(\.label)
        #expect(names.contains("board") && names.contains("quiet"), "reflection sees the stored properties: \(names)")
        #expect(names.count <= Self.maxStoredProperties, "\(names.count) stored properties: \(names.joined(separator: ", "))")
    }
}
