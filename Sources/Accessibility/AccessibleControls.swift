import CSDBus
#if canImport(Glibc)
import Glibc
#endif
import ToastCore

/// The interfaces of `AccessibleTree.Control` objects: `Action` on a card's links and the
/// centre's header buttons (pressed as a click on them), `Hyperlink` on the links and
/// `Hypertext` on the message label that holds them, and `org.a11y.atspi.Text` on that label
/// and on the centre's filter (its typed text, the caret at its end, read only: keys type into it).
extension AccessibleObjects {
    static let text = "org.a11y.atspi.Text"
    static let hypertext = "org.a11y.atspi.Hypertext"
    static let hyperlink = "org.a11y.atspi.Hyperlink"
    /// A link's one action, as GTK and WebKit name it (Orca knows "jump" for links).
    static let linkActionName = "jump"

    static func controlInterfaces(of node: AccessibleTree.Node) -> [String] {
        switch node.control {
        case nil: return []
        case .link?: return [action, hyperlink]
        case .hypertext?: return [text, hypertext]
        case .filter?: return [text]
        case .clearAll?, .doNotDisturb?, .quietChoice?: return [action]
        case .quietMenu?: return []
        }
    }
}

extension AccessibilityBus {
    /// A method on a control's `Action`, `Text`, `Hyperlink` or `Hypertext`, by the interface
    /// it was called on (`Text.GetAttributes` is not `Accessible.GetAttributes`); nil leaves it
    /// to the common `Accessible` ones.
    func serveControl(_ interface: String, _ member: String, _ node: AccessibleTree.Node, _ message: OpaquePointer,
                      _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32? {
        guard let control = node.control, AccessibleObjects.controlInterfaces(of: node).contains(interface) else { return nil }
        switch (interface, control) {
        case let (AccessibleObjects.hyperlink, .link(_, target, characters)):
            return serveHyperlink(member, node, target, characters, message, error)
        case let (AccessibleObjects.hypertext, .hypertext(_, links)): return serveHypertext(member, links, message, error)
        case (AccessibleObjects.action, _): return serveAction(member, node, control, message, error)
        case (AccessibleObjects.text, _):
            guard let text = AccessibleTree.text(of: node) else { return nil }
            return serveText(member, Array(text.unicodeScalars), message, error)
        default: return nil
        }
    }

    /// `Hyperlink` on a link: one anchor (the link object itself), its target, where it lies
    /// in its label's text (the properties `StartIndex`, `EndIndex`).
    private func serveHyperlink(_ member: String, _ node: AccessibleTree.Node, _ target: String, _ characters: Range<Int>,
                                _ message: OpaquePointer, _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32? {
        switch member {
        case "GetObject", "GetURI":
            var index: Int32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &index) >= 0 else { return invalid(error) }
            guard index == 0 else { return sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "a link has one anchor, index 0") }
            if member == "GetURI" { return reply(message) { appendString($0, target) } }
            return reply(message) { appendReference($0, self.reference(node.path)) }
        case "IsValid": return reply(message) { m in var v: Int32 = 1; return sd_bus_message_append_basic(m, type("b"), &v) >= 0 }
        default: return nil
        }
    }

    /// `Hypertext` on a message label: its links in order, and which one a character is in.
    private func serveHypertext(_ member: String, _ links: [String], _ message: OpaquePointer,
                                _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32? {
        switch member {
        case "GetNLinks": return reply(message) { appendI32($0, Int32(clamping: links.count)) }
        case "GetLink":
            var index: Int32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &index) >= 0 else { return invalid(error) }
            let link = index >= 0 && Int(index) < links.count ? links[Int(index)] : nil
            return reply(message) { appendReference($0, self.reference(link)) }
        case "GetLinkIndex":
            var offset: Int32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &offset) >= 0 else { return invalid(error) }
            let found = links.firstIndex { path in
                guard case let .link(_, _, characters)? = announcer.published[path]?.control else { return false }
                return characters.contains(Int(offset))
            }
            return reply(message) { appendI32($0, Int32(clamping: found ?? -1)) }
        default: return nil
        }
    }

    private func serveAction(_ member: String, _ node: AccessibleTree.Node, _ control: AccessibleTree.Control,
                             _ message: OpaquePointer, _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32? {
        let name: String
        if case .link = control { name = AccessibleObjects.linkActionName } else { name = AccessibleObjects.actionName }
        switch member {
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction":
            var index: Int32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &index) >= 0 else { return invalid(error) }
            guard index == 0 else {
                return sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "this object has one action, index 0")
            }
            switch member {
            case "DoAction":
                // Answered first, so the caller hears yes before the card (and this object) ends.
                let r = reply(message) { m in var v: Int32 = 1; return sd_bus_message_append_basic(m, type("b"), &v) >= 0 }
                host.activate(control)
                return r
            case "GetDescription": return reply(message) { appendString($0, node.name) }
            case "GetKeyBinding": return reply(message) { appendString($0, "") }
            default: return reply(message) { appendString($0, name) }
            }
        case "GetActions":
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "(sss)") >= 0
                    && sd_bus_message_open_container(m, type("r"), "sss") >= 0
                    && appendString(m, name) && appendString(m, node.name) && appendString(m, "")
                    && sd_bus_message_close_container(m) >= 0 && sd_bus_message_close_container(m) >= 0
            }
        default: return nil
        }
    }

    /// `org.a11y.atspi.Text` over `text`, offsets in characters (Unicode scalars, as AT-SPI
    /// counts). One line, no attributes, no selection; the caret is at the end.
    private func serveText(_ member: String, _ text: [Unicode.Scalar], _ message: OpaquePointer,
                           _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32? {
        let count = text.count
        func clamp(_ i: Int32) -> Int { max(0, min(count, Int(i))) }
        func slice(_ a: Int, _ b: Int) -> String { a < b ? String(String.UnicodeScalarView(text[a..<b])) : "" }
        func readI32() -> Int32? {
            var v: Int32 = 0
            return sd_bus_message_read_basic(message, type("i"), &v) >= 0 ? v : nil
        }
        func range(_ s: String, _ a: Int, _ b: Int) -> Int32 {
            reply(message) { appendString($0, s) && appendI32($0, Int32(clamping: a)) && appendI32($0, Int32(clamping: b)) }
        }
        func emptyAttributes(_ m: OpaquePointer) -> Bool {
            sd_bus_message_open_container(m, type("a"), "{ss}") >= 0 && sd_bus_message_close_container(m) >= 0
        }
        switch member {
        case "GetText":
            guard let start = readI32(), let end = readI32() else { return invalid(error) }
            let a = clamp(start), b = end < 0 ? count : clamp(end)
            return reply(message) { appendString($0, slice(a, b)) }
        case "GetCharacterAtOffset":
            guard let offset = readI32() else { return invalid(error) }
            let i = Int(offset)
            return reply(message) { appendI32($0, i >= 0 && i < count ? Int32(clamping: text[i].value) : 0) }
        case "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            guard let offset = readI32() else { return invalid(error) }
            var unit: UInt32 = 0
            guard sd_bus_message_read_basic(message, type("u"), &unit) >= 0 else { return invalid(error) }
            // A character (granularity and boundary 0), else the one line the filter is.
            guard unit == 0 else {
                return member == "GetStringAtOffset" || member == "GetTextAtOffset" ? range(slice(0, count), 0, count) : range("", 0, 0)
            }
            let i = Int(offset) + (member == "GetTextBeforeOffset" ? -1 : member == "GetTextAfterOffset" ? 1 : 0)
            return i >= 0 && i < count ? range(slice(i, i + 1), i, i + 1) : range("", 0, 0)
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo", "ScrollSubstringToPoint":
            return reply(message) { m in var v: Int32 = 0; return sd_bus_message_append_basic(m, type("b"), &v) >= 0 }
        case "GetNSelections": return reply(message) { appendI32($0, 0) }
        case "GetSelection": return reply(message) { appendI32($0, 0) && appendI32($0, 0) }
        case "GetAttributes", "GetAttributeRun":
            return reply(message) { emptyAttributes($0) && appendI32($0, 0) && appendI32($0, Int32(clamping: count)) }
        case "GetDefaultAttributes": return reply(message) { emptyAttributes($0) }
        case "GetDefaultAttributeSet":
            return reply(message) { m in sd_bus_message_open_container(m, type("a"), "s") >= 0 && sd_bus_message_close_container(m) >= 0 }
        case "GetAttributeValue": return reply(message) { appendString($0, "") }
        case "GetOffsetAtPoint": return reply(message) { appendI32($0, -1) }
        case "GetCharacterExtents", "GetRangeExtents":
            return reply(message) { m in [0, 0, 0, 0].allSatisfy { appendI32(m, Int32($0)) } }
        default: return nil
        }
    }

    /// The `Properties` of a control's interfaces: `Action.NActions`, `Text.CharacterCount`
    /// and `Text.CaretOffset`.
    func controlPropertyNames(_ interface: String, _ node: AccessibleTree.Node) -> [String] {
        guard AccessibleObjects.controlInterfaces(of: node).contains(interface) else { return [] }
        switch interface {
        case AccessibleObjects.action: return ["NActions"]
        case AccessibleObjects.text: return ["CharacterCount", "CaretOffset"]
        case AccessibleObjects.hyperlink: return ["NAnchors", "StartIndex", "EndIndex"]
        default: return []
        }
    }

    /// The value (all integers) of one of `controlPropertyNames`.
    func controlProperty(_ name: String, _ node: AccessibleTree.Node) -> Int32 {
        let characters: Range<Int>?
        if case let .link(_, _, range)? = node.control { characters = range } else { characters = nil }
        switch name {
        case "NActions", "NAnchors": return 1
        case "StartIndex": return Int32(clamping: characters?.lowerBound ?? 0)
        case "EndIndex": return Int32(clamping: characters?.upperBound ?? 0)
        case "CharacterCount": return Int32(clamping: AccessibleTree.text(of: node)?.unicodeScalars.count ?? 0)
        // The filter's caret is at its end; a label has none to move (0).
        case "CaretOffset":
            guard case .filter? = node.control else { return 0 }
            return Int32(clamping: AccessibleTree.text(of: node)?.unicodeScalars.count ?? 0)
        default: return 0
        }
    }

    /// The controls' own events: the switch's `checked`, the filter's `TextChanged` and
    /// `TextCaretMoved`.
    func sendControl(_ event: AccessibleTree.Event) {
        switch event {
        case let .checked(path, on): signal(path, "StateChanged", "checked", on ? 1 : 0) { appendVariantI32($0, 0) }
        case let .textInserted(path, offset, text), let .textRemoved(path, offset, text):
            let detail: String
            if case .textInserted = event { detail = "insert" } else { detail = "delete" }
            signal(path, "TextChanged", detail, Int32(clamping: offset), detail2: Int32(clamping: text.unicodeScalars.count)) { m in
                sd_bus_message_open_container(m, type("v"), "s") >= 0 && appendString(m, text) && sd_bus_message_close_container(m) >= 0
            }
        case let .caretMoved(path, offset):
            signal(path, "TextCaretMoved", "", Int32(clamping: offset)) { appendVariantI32($0, 0) }
        default: break
        }
    }
}
