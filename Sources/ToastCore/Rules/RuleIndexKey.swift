/// What a rule is indexed by: an `app`, `desktop_entry` or `category` it requires exactly
/// (a `=` line without wildcards), as a hash of the field and the bytes. Rules never change
/// these fields, so a toast's candidates are found once, before the first rule runs, and a
/// rule under another value is never visited. Two values may share a hash: a candidate is
/// still tested in full, so that costs a visit, never a wrong answer.
struct RuleIndexKey: Hashable, Sendable {
    /// The fields rules are indexed by, in the order a rule's key is chosen.
    static let fields: [RuleField] = [.app, .desktopEntry, .category]

    let field: RuleField
    let hash: UInt64

    init(field: RuleField, bytes: UnsafeBufferPointer<UInt8>) {
        self.field = field
        // FNV-1a, seeded with the field.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(field.ordinal)
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.hash = hash
    }

    /// The key of a rule that requires one of `fields` exactly; nil for any other rule.
    init?(_ rule: Rule) {
        for field in Self.fields {
            for match in rule.matches where match.field == field && !match.op.isNegated {
                guard case let .glob(glob) = match.pattern, let exact = glob.exact else { continue }
                self = exact.withUnsafeBufferPointer { RuleIndexKey(field: field, bytes: $0) }
                return
            }
        }
        return nil
    }
}
