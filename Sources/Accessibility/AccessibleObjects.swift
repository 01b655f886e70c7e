import SDBus
import ToastCore

/// The AT-SPI interfaces of the published tree's objects, answered by hand from one fallback
/// handler under `prefix` (`BusConnection.addFallback`): `Accessible` for all, `Application` on the
/// root, `Component` on cards, `Action` on buttons, and `org.freedesktop.DBus.Properties`.
/// What is asked is read from `AccessibleAnnouncer.published`, the tree last announced, so an
/// answer never names an object the screen reader has not heard of.
enum AccessibleObjects {
    static let prefix = "/org/a11y/atspi/accessible"
    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let component = "org.a11y.atspi.Component"
    static let action = "org.a11y.atspi.Action"
    static let properties = "org.freedesktop.DBus.Properties"
    static let eventObject = "org.a11y.atspi.Event.Object"
    static let eventWindow = "org.a11y.atspi.Event.Window"
    /// The name every button's one action has (GTK's word, which Orca knows).
    static let actionName = "click"

    static func path(_ node: String) -> String { prefix + "/" + node }
    static func node(_ path: String) -> String? {
        guard path.hasPrefix(prefix + "/") else { return nil }
        return String(path.dropFirst(prefix.count + 1))
    }

    static func interfaces(of node: AccessibleTree.Node) -> [String] {
        var list = [accessible]
        if node.role == .application { list.append(application) }
        if node.extents != nil { list.append(component) }
        if node.press != nil { list.append(action) }
        if node.text != nil { list += [text, editableText] }
        list += controlInterfaces(of: node)
        return list
    }
}

extension AccessibilityBus {
    private var tree: AccessibleTree { announcer.published }

    func reference(_ node: String?) -> ObjectReference {
        guard let node, tree[node] != nil else { return .null }
        return ObjectReference(bus: uniqueName, path: AccessibleObjects.path(node))
    }

    /// One method call on an object under the prefix. `.handled` when answered here; `.passOn`
    /// leaves it to sd-bus (which answers `UnknownMethod` or `UnknownObject`).
    func serve(_ message: BusMessage) -> HandlerResult {
        guard let path = message.path, let member = message.member, let name = AccessibleObjects.node(path) else { return .passOn }
        let interface = message.interface ?? ""
        guard let node = tree[name] else {
            return .error(name: BusErrorName.unknownObject, message: "no such object (the toast has gone)")
        }
        if interface == AccessibleObjects.properties { return properties(member, node, message) }
        guard interface.isEmpty || AccessibleObjects.interfaces(of: node).contains(interface) else { return .passOn }
        if node.control != nil, let answered = serveControl(interface, member, node, message) { return answered }
        if let text = node.text, interface.isEmpty || interface == AccessibleObjects.text || interface == AccessibleObjects.editableText,
           let answered = serveText(member, text, message) { return answered }
        switch member {
        case "GetRole": return message.reply { try $0.append(node.role.rawValue) }
        case "GetRoleName", "GetLocalizedRoleName": return message.reply { try $0.append(node.role.name) }
        case "GetState":
            let low = node.states.reduce(UInt32(0)) { $1.rawValue < 32 ? $0 | (1 << $1.rawValue) : $0 }
            return message.reply { m in
                try m.appendArray(of: "u") {
                    try m.append(low)
                    try m.append(UInt32(0))
                }
            }
        case "GetChildAtIndex":
            guard let index = try? message.readInt32() else { return invalid }
            let child = index >= 0 && Int(index) < node.children.count ? node.children[Int(index)] : nil
            return message.reply { try appendReference($0, self.reference(child)) }
        case "GetChildren":
            return message.reply { m in
                try m.appendArray(of: "(so)") {
                    for child in node.children { try appendReference(m, self.reference(child)) }
                }
            }
        case "GetIndexInParent":
            let index = node.parent.flatMap { tree[$0]?.children.firstIndex(of: node.path) } ?? -1
            return message.reply { try $0.append(Int32(clamping: index)) }
        case "GetRelationSet": return message.reply { m in try m.appendArray(of: "(ua(so))") {} }
        case "GetAttributes": return message.reply { m in try m.appendArray(of: "{ss}") {} }
        case "GetApplication": return message.reply { try appendReference($0, self.reference(AccessibleTree.rootPath)) }
        case "GetInterfaces": return message.reply { try $0.append(AccessibleObjects.interfaces(of: node)) }
        // Application
        case "GetLocale": return message.reply { try $0.append("") }
        // Component
        case "GetExtents", "GetPosition", "GetSize":
            guard let frame = node.extents else { return .passOn }
            var coordinates: UInt32 = 0
            if member != "GetSize" {
                guard let read = try? message.readUInt32() else { return invalid }
                coordinates = read
            }
            // Screen coordinates (0) are the card's; window and parent ones start at its corner.
            let x = coordinates == 0 ? pixels(frame.x) : 0, y = coordinates == 0 ? pixels(frame.y) : 0
            let w = pixels(frame.width), h = pixels(frame.height)
            let values = member == "GetExtents" ? [x, y, w, h] : member == "GetPosition" ? [x, y] : [w, h]
            return message.reply { m in
                try m.appendStruct(member == "GetExtents" ? "iiii" : "ii") {
                    for value in values { try m.append(value) }
                }
            }
        case "Contains":
            guard let frame = node.extents else { return .passOn }
            guard let x = try? message.readInt32(), let y = try? message.readInt32(),
                  let coordinates = try? message.readUInt32() else { return invalid }
            let px = Double(x) + (coordinates == 0 ? 0 : frame.x), py = Double(y) + (coordinates == 0 ? 0 : frame.y)
            let inside = px >= frame.x && px < frame.maxX && py >= frame.y && py < frame.y + frame.height
            return message.reply { try $0.append(inside) }
        case "GetLayer": return message.reply { try $0.append(UInt32(7)) }  // ATSPI_LAYER_WINDOW: a window of its own
        case "GetMDIZOrder": return message.reply { try $0.append(Int16(0)) }
        case "GetAlpha": return message.reply { try $0.append(1.0) }
        case "GrabFocus": return message.reply { try $0.append(false) }
        // Action
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction":
            guard let press = node.press else { return .passOn }
            guard let index = try? message.readInt32() else { return invalid }
            guard index == 0 else { return .invalidArgs("a button has one action, index 0") }
            switch member {
            case "DoAction":
                // Answered first, so the caller hears yes before the toast (and this object) ends.
                let r = message.reply { try $0.append(true) }
                host.press(press)
                return r
            case "GetDescription": return message.reply { try $0.append(node.name) }
            case "GetKeyBinding": return message.reply { try $0.append("") }
            default: return message.reply { try $0.append(AccessibleObjects.actionName) }
            }
        case "GetActions":
            guard node.press != nil else { return .passOn }
            return message.reply { try appendActions($0, name: AccessibleObjects.actionName, description: node.name) }
        default: return .passOn
        }
    }

    /// `org.freedesktop.DBus.Properties` `Get`, `GetAll` and `Set` (only the registry's `Id`).
    private func properties(_ member: String, _ node: AccessibleTree.Node, _ message: BusMessage) -> HandlerResult {
        guard let interface = try? message.readString(maxBytes: BusMessage.nameBytes) else { return invalid }
        let names = propertyNames(interface, node)
        switch member {
        case "Get":
            guard let name = try? message.readString(maxBytes: BusMessage.nameBytes) else { return invalid }
            guard names.contains(name) else { return .error(name: BusErrorName.unknownProperty, message: "no such property") }
            return message.reply { try self.appendProperty($0, interface, name, node) }
        case "GetAll":
            return message.reply { m in
                try m.appendArray(of: "{sv}") {
                    for name in names {
                        try m.appendDictEntry("sv") {
                            try m.append(name)
                            try self.appendProperty(m, interface, name, node)
                        }
                    }
                }
            }
        case "Set":
            guard let name = try? message.readString(maxBytes: BusMessage.nameBytes),
                  interface == AccessibleObjects.application, name == "Id" else {
                return .error(name: BusErrorName.propertyReadOnly, message: "read-only")
            }
            guard (try? message.enterContainer("v", "i")) != nil, let id = try? message.readInt32() else { return invalid }
            applicationID = id
            return message.reply()
        default: return .passOn
        }
    }

    private func propertyNames(_ interface: String, _ node: AccessibleTree.Node) -> [String] {
        switch interface {
        case AccessibleObjects.accessible: ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText"]
        case AccessibleObjects.application where node.role == .application: ["ToolkitName", "Version", "AtspiVersion", "Id"]
        case AccessibleObjects.action where node.press != nil: ["NActions"]
        case AccessibleObjects.text where node.text != nil: ["CharacterCount", "CaretOffset"]
        default: controlPropertyNames(interface, node)
        }
    }

    /// A property's value as a variant.
    private func appendProperty(_ m: BusMessage, _ interface: String, _ name: String, _ node: AccessibleTree.Node) throws {
        func string(_ value: String) throws { try m.appendVariant("s") { try m.append(value) } }
        func int(_ value: Int32) throws { try appendVariantI32(m, value) }
        switch name {
        case "Name": try string(node.name)
        case "Description": try string(node.description)
        case "Parent":
            let parent = node.parent.map { reference($0) } ?? desktop
            try m.appendVariant("(so)") { try appendReference(m, parent) }
        case "ChildCount": try int(Int32(clamping: node.children.count))
        case "Locale", "HelpText": try string("")
        case "AccessibleId": try string(node.path)
        case "ToolkitName": try string("xtoast")
        case "Version": try string("1")
        case "AtspiVersion": try string("2.1")
        case "Id": try int(applicationID)
        case "NActions": try int(1)
        // A reply field's text is its own (`node.text`); the filter's and the labels' are the
        // controls' (`controlProperty`).
        case "CharacterCount" where node.text != nil: try int(Int32(clamping: node.text?.characterCount ?? 0))
        case "CaretOffset" where node.text != nil: try int(Int32(clamping: node.text?.caret ?? 0))
        default: try int(controlProperty(name, node))
        }
    }

    /// `InvalidArgs` for a call whose arguments could not be read.
    var invalid: HandlerResult { .invalidArgs("malformed arguments") }

    // MARK: Events

    /// One announced change as its `org.a11y.atspi.Event.Object` signal, `siiva{sv}`.
    func send(_ event: AccessibleTree.Event) {
        switch event {
        case let .showing(path, on): signal(path, "StateChanged", "showing", on ? 1 : 0) { try appendVariantI32($0, 0) }
        case let .focused(path, on): signal(path, "StateChanged", "focused", on ? 1 : 0) { try appendVariantI32($0, 0) }
        case let .windowActive(path, on):
            let name = tree[path]?.name ?? ""
            signal(path, on ? "Activate" : "Deactivate", "", 0, interface: AccessibleObjects.eventWindow) { m in
                try m.appendVariant("s") { try m.append(name) }
            }
        case let .childAdded(parent, index, child):
            let ref = ObjectReference(bus: uniqueName, path: AccessibleObjects.path(child))
            signal(parent, "ChildrenChanged", "add", Int32(clamping: index)) { m in
                try m.appendVariant("(so)") { try appendReference(m, ref) }
            }
        case let .childRemoved(parent, index, child):
            let ref = ObjectReference(bus: uniqueName, path: AccessibleObjects.path(child))
            signal(parent, "ChildrenChanged", "remove", Int32(clamping: index)) { m in
                try m.appendVariant("(so)") { try appendReference(m, ref) }
            }
        case let .nameChanged(path, value):
            signal(path, "PropertyChange", "accessible-name", 0) { m in try m.appendVariant("s") { try m.append(value) } }
        case .checked, .textInserted, .textRemoved, .caretMoved: sendControl(event)
        case let .descriptionChanged(path, value):
            signal(path, "PropertyChange", "accessible-description", 0) { m in try m.appendVariant("s") { try m.append(value) } }
        }
    }

    /// One event signal: `detail`, `detail1`, `detail2`, the value `value` appends, no properties.
    func signal(_ node: String, _ member: String, _ detail: String, _ detail1: Int32, detail2: Int32 = 0,
                interface: String = AccessibleObjects.eventObject, _ value: (BusMessage) throws -> Void) {
        guard let a11y else { return }
        do {
            let message = try a11y.signal(path: AccessibleObjects.path(node), interface: interface, member: member)
            try message.append(detail)
            try message.append(detail1)
            try message.append(detail2)
            try value(message)
            try message.appendArray(of: "{sv}") {}
            try a11y.send(message)
        } catch {
            return
        }
    }
}

/// A card's pixels as a 32-bit integer (finite and in range first: it came from the layout).
private func pixels(_ value: Double) -> Int32 {
    guard value.isFinite else { return 0 }
    return Int32(clamping: Int64(max(-1e9, min(1e9, value.rounded()))))
}

/// A variant holding an `i`.
func appendVariantI32(_ m: BusMessage, _ value: Int32) throws {
    try m.appendVariant("i") { try m.append(value) }
}

/// `Action.GetActions`' answer for an object with one action, `a(sss)`: its name, description
/// and (empty) key binding.
func appendActions(_ m: BusMessage, name: String, description: String) throws {
    try m.appendArray(of: "(sss)") {
        try m.appendStruct("sss") {
            try m.append(name)
            try m.append(description)
            try m.append("")
        }
    }
}
