import SDBus
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
    func serveControl(_ interface: String, _ member: String, _ node: AccessibleTree.Node, _ message: BusMessage) -> HandlerResult? {
        guard let control = node.control, AccessibleObjects.controlInterfaces(of: node).contains(interface) else { return nil }
        switch (interface, control) {
        case let (AccessibleObjects.hyperlink, .link(_, target, characters)):
            return serveHyperlink(member, node, target, characters, message)
        case let (AccessibleObjects.hypertext, .hypertext(_, links)): return serveHypertext(member, links, message)
        case (AccessibleObjects.action, _): return serveAction(member, node, control, message)
        case (AccessibleObjects.text, _):
            guard let text = AccessibleTree.text(of: node) else { return nil }
            return serveText(member, Array(text.unicodeScalars), message)
        default: return nil
        }
    }

    /// `Hyperlink` on a link: one anchor (the link object itself), its target, where it lies
    /// in its label's text (the properties `StartIndex`, `EndIndex`).
    private func serveHyperlink(_ member: String, _ node: AccessibleTree.Node, _ target: String, _ characters: Range<Int>,
                                _ message: BusMessage) -> HandlerResult? {
        switch member {
        case "GetObject", "GetURI":
            guard let index = try? message.readInt32() else { return invalid }
            guard index == 0 else { return .invalidArgs("a link has one anchor, index 0") }
            if member == "GetURI" { return message.reply { try $0.append(target) } }
            return message.reply { try appendReference($0, self.reference(node.path)) }
        case "IsValid": return message.reply { try $0.append(true) }
        default: return nil
        }
    }

    /// `Hypertext` on a message label: its links in order, and which one a character is in.
    private func serveHypertext(_ member: String, _ links: [String], _ message: BusMessage) -> HandlerResult? {
        switch member {
        case "GetNLinks": return message.reply { try $0.append(Int32(clamping: links.count)) }
        case "GetLink":
            guard let index = try? message.readInt32() else { return invalid }
            let link = index >= 0 && Int(index) < links.count ? links[Int(index)] : nil
            return message.reply { try appendReference($0, self.reference(link)) }
        case "GetLinkIndex":
            guard let offset = try? message.readInt32() else { return invalid }
            let found = links.firstIndex { path in
                guard case let .link(_, _, characters)? = announcer.published[path]?.control else { return false }
                return characters.contains(Int(offset))
            }
            return message.reply { try $0.append(Int32(clamping: found ?? -1)) }
        default: return nil
        }
    }

    private func serveAction(_ member: String, _ node: AccessibleTree.Node, _ control: AccessibleTree.Control,
                             _ message: BusMessage) -> HandlerResult? {
        let name: String
        if case .link = control { name = AccessibleObjects.linkActionName } else { name = AccessibleObjects.actionName }
        switch member {
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction":
            guard let index = try? message.readInt32() else { return invalid }
            guard index == 0 else { return .invalidArgs("this object has one action, index 0") }
            switch member {
            case "DoAction":
                // Answered first, so the caller hears yes before the card (and this object) ends.
                let r = message.reply { try $0.append(true) }
                host.activate(control)
                return r
            case "GetDescription": return message.reply { try $0.append(node.name) }
            case "GetKeyBinding": return message.reply { try $0.append("") }
            default: return message.reply { try $0.append(name) }
            }
        case "GetActions":
            return message.reply { try appendActions($0, name: name, description: node.name) }
        default: return nil
        }
    }

    /// `org.a11y.atspi.Text` over `text`, offsets in characters (Unicode scalars, as AT-SPI
    /// counts). One line, no attributes, no selection; the caret is at the end.
    private func serveText(_ member: String, _ text: [Unicode.Scalar], _ message: BusMessage) -> HandlerResult? {
        let count = text.count
        func clamp(_ i: Int32) -> Int { max(0, min(count, Int(i))) }
        func slice(_ a: Int, _ b: Int) -> String { a < b ? String(String.UnicodeScalarView(text[a..<b])) : "" }
        func readI32() -> Int32? { try? message.readInt32() }
        func range(_ s: String, _ a: Int, _ b: Int) -> HandlerResult {
            message.reply { m in
                try m.append(s)
                try m.append(Int32(clamping: a))
                try m.append(Int32(clamping: b))
            }
        }
        func emptyAttributes(_ m: BusMessage) throws { try m.appendArray(of: "{ss}") {} }
        switch member {
        case "GetText":
            guard let start = readI32(), let end = readI32() else { return invalid }
            let a = clamp(start), b = end < 0 ? count : clamp(end)
            return message.reply { try $0.append(slice(a, b)) }
        case "GetCharacterAtOffset":
            guard let offset = readI32() else { return invalid }
            let i = Int(offset)
            return message.reply { try $0.append(i >= 0 && i < count ? Int32(clamping: text[i].value) : Int32(0)) }
        case "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            guard let offset = readI32(), let unit = try? message.readUInt32() else { return invalid }
            // A character (granularity and boundary 0), else the one line the filter is.
            guard unit == 0 else {
                return member == "GetStringAtOffset" || member == "GetTextAtOffset" ? range(slice(0, count), 0, count) : range("", 0, 0)
            }
            let i = Int(offset) + (member == "GetTextBeforeOffset" ? -1 : member == "GetTextAfterOffset" ? 1 : 0)
            return i >= 0 && i < count ? range(slice(i, i + 1), i, i + 1) : range("", 0, 0)
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo", "ScrollSubstringToPoint":
            return message.reply { try $0.append(false) }
        case "GetNSelections": return message.reply { try $0.append(Int32(0)) }
        case "GetSelection":
            return message.reply { m in
                try m.append(Int32(0))
                try m.append(Int32(0))
            }
        case "GetAttributes", "GetAttributeRun":
            return message.reply { m in
                try emptyAttributes(m)
                try m.append(Int32(0))
                try m.append(Int32(clamping: count))
            }
        case "GetDefaultAttributes": return message.reply { try emptyAttributes($0) }
        case "GetDefaultAttributeSet": return message.reply { try $0.append([String]()) }
        case "GetAttributeValue": return message.reply { try $0.append("") }
        case "GetOffsetAtPoint": return message.reply { try $0.append(Int32(-1)) }
        case "GetCharacterExtents", "GetRangeExtents":
            return message.reply { m in
                for _ in 0..<4 { try m.append(Int32(0)) }
            }
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
        case let .checked(path, on): signal(path, "StateChanged", "checked", on ? 1 : 0) { try appendVariantI32($0, 0) }
        case let .textInserted(path, offset, text), let .textRemoved(path, offset, text):
            let detail: String
            if case .textInserted = event { detail = "insert" } else { detail = "delete" }
            signal(path, "TextChanged", detail, Int32(clamping: offset), detail2: Int32(clamping: text.unicodeScalars.count)) { m in
                try m.appendVariant("s") { try m.append(text) }
            }
        case let .caretMoved(path, offset):
            signal(path, "TextCaretMoved", "", Int32(clamping: offset)) { try appendVariantI32($0, 0) }
        default: break
        }
    }
}
