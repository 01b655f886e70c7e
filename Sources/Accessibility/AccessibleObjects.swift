import CSDBus
#if canImport(Glibc)
import Glibc
#endif
import ToastCore

/// The AT-SPI interfaces of the published tree's objects, answered by hand from one fallback
/// handler under `prefix` (`sd_bus_add_fallback`): `Accessible` for all, `Application` on the
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

    /// One method call on an object under the prefix. 1 when answered here; 0 leaves it to
    /// sd-bus (which answers `UnknownMethod` or `UnknownObject`).
    func serve(_ message: OpaquePointer, _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        guard let pathC = sd_bus_message_get_path(message), let memberC = sd_bus_message_get_member(message),
              let name = AccessibleObjects.node(String(cString: pathC)) else { return 0 }
        let interface = sd_bus_message_get_interface(message).map { String(cString: $0) } ?? ""
        let member = String(cString: memberC)
        guard let node = tree[name] else {
            return sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownObject", "no such object (the toast has gone)")
        }
        if interface == AccessibleObjects.properties { return properties(member, node, message, error) }
        guard interface.isEmpty || AccessibleObjects.interfaces(of: node).contains(interface) else { return 0 }
        if node.control != nil, let answered = serveControl(interface, member, node, message, error) { return answered }
        if let text = node.text, interface.isEmpty || interface == AccessibleObjects.text || interface == AccessibleObjects.editableText,
           let answered = serveText(member, text, message, error) { return answered }
        switch member {
        case "GetRole": return reply(message) { m in appendU32(m, node.role.rawValue) }
        case "GetRoleName", "GetLocalizedRoleName": return reply(message) { appendString($0, node.role.name) }
        case "GetState":
            return reply(message) { m in
                let low = node.states.reduce(UInt32(0)) { $1.rawValue < 32 ? $0 | (1 << $1.rawValue) : $0 }
                return sd_bus_message_open_container(m, type("a"), "u") >= 0 && appendU32(m, low) && appendU32(m, 0)
                    && sd_bus_message_close_container(m) >= 0
            }
        case "GetChildAtIndex":
            var index: Int32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &index) >= 0 else { return invalid(error) }
            let child = index >= 0 && Int(index) < node.children.count ? node.children[Int(index)] : nil
            return reply(message) { appendReference($0, self.reference(child)) }
        case "GetChildren":
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "(so)") >= 0
                    && node.children.allSatisfy { appendReference(m, self.reference($0)) }
                    && sd_bus_message_close_container(m) >= 0
            }
        case "GetIndexInParent":
            let index = node.parent.flatMap { tree[$0]?.children.firstIndex(of: node.path) } ?? -1
            return reply(message) { appendI32($0, Int32(clamping: index)) }
        case "GetRelationSet":
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "(ua(so))") >= 0 && sd_bus_message_close_container(m) >= 0
            }
        case "GetAttributes":
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "{ss}") >= 0 && sd_bus_message_close_container(m) >= 0
            }
        case "GetApplication": return reply(message) { appendReference($0, self.reference(AccessibleTree.rootPath)) }
        case "GetInterfaces":
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "s") >= 0
                    && AccessibleObjects.interfaces(of: node).allSatisfy { appendString(m, $0) }
                    && sd_bus_message_close_container(m) >= 0
            }
        // Application
        case "GetLocale": return reply(message) { appendString($0, "") }
        // Component
        case "GetExtents", "GetPosition", "GetSize":
            guard let frame = node.extents else { return 0 }
            var coordinates: UInt32 = 0
            if member != "GetSize", sd_bus_message_read_basic(message, type("u"), &coordinates) < 0 { return invalid(error) }
            // Screen coordinates (0) are the card's; window and parent ones start at its corner.
            let x = coordinates == 0 ? pixels(frame.x) : 0, y = coordinates == 0 ? pixels(frame.y) : 0
            let w = pixels(frame.width), h = pixels(frame.height)
            let values = member == "GetExtents" ? [x, y, w, h] : member == "GetPosition" ? [x, y] : [w, h]
            return reply(message) { m in
                sd_bus_message_open_container(m, type("r"), member == "GetExtents" ? "iiii" : "ii") >= 0
                    && values.allSatisfy { appendI32(m, $0) } && sd_bus_message_close_container(m) >= 0
            }
        case "Contains":
            guard let frame = node.extents else { return 0 }
            var x: Int32 = 0, y: Int32 = 0, coordinates: UInt32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &x) >= 0, sd_bus_message_read_basic(message, type("i"), &y) >= 0,
                  sd_bus_message_read_basic(message, type("u"), &coordinates) >= 0 else { return invalid(error) }
            let px = Double(x) + (coordinates == 0 ? 0 : frame.x), py = Double(y) + (coordinates == 0 ? 0 : frame.y)
            let inside: Int32 = px >= frame.x && px < frame.maxX && py >= frame.y && py < frame.y + frame.height ? 1 : 0
            return reply(message) { m in var v = inside; return sd_bus_message_append_basic(m, type("b"), &v) >= 0 }
        case "GetLayer": return reply(message) { appendU32($0, 7) }  // ATSPI_LAYER_WINDOW: a window of its own
        case "GetMDIZOrder": return reply(message) { m in var v: Int16 = 0; return sd_bus_message_append_basic(m, type("n"), &v) >= 0 }
        case "GetAlpha": return reply(message) { m in var v = 1.0; return sd_bus_message_append_basic(m, type("d"), &v) >= 0 }
        case "GrabFocus": return reply(message) { m in var v: Int32 = 0; return sd_bus_message_append_basic(m, type("b"), &v) >= 0 }
        // Action
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction":
            guard let press = node.press else { return 0 }
            var index: Int32 = 0
            guard sd_bus_message_read_basic(message, type("i"), &index) >= 0 else { return invalid(error) }
            guard index == 0 else {
                return sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "a button has one action, index 0")
            }
            switch member {
            case "DoAction":
                // Answered first, so the caller hears yes before the toast (and this object) ends.
                let r = reply(message) { m in var v: Int32 = 1; return sd_bus_message_append_basic(m, type("b"), &v) >= 0 }
                host.press(press)
                return r
            case "GetDescription": return reply(message) { appendString($0, node.name) }
            case "GetKeyBinding": return reply(message) { appendString($0, "") }
            default: return reply(message) { appendString($0, AccessibleObjects.actionName) }
            }
        case "GetActions":
            guard node.press != nil else { return 0 }
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "(sss)") >= 0
                    && sd_bus_message_open_container(m, type("r"), "sss") >= 0
                    && appendString(m, AccessibleObjects.actionName) && appendString(m, node.name) && appendString(m, "")
                    && sd_bus_message_close_container(m) >= 0 && sd_bus_message_close_container(m) >= 0
            }
        default: return 0
        }
    }

    /// `org.freedesktop.DBus.Properties` `Get`, `GetAll` and `Set` (only the registry's `Id`).
    private func properties(_ member: String, _ node: AccessibleTree.Node, _ message: OpaquePointer,
                            _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        var ifaceC: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, type("s"), &ifaceC) >= 0, let ifaceC else { return invalid(error) }
        let interface = String(cString: ifaceC)
        let names = propertyNames(interface, node)
        switch member {
        case "Get":
            var nameC: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type("s"), &nameC) >= 0, let nameC else { return invalid(error) }
            let name = String(cString: nameC)
            guard names.contains(name) else {
                return sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownProperty", "no such property")
            }
            return reply(message) { self.appendProperty($0, interface, name, node) }
        case "GetAll":
            return reply(message) { m in
                sd_bus_message_open_container(m, type("a"), "{sv}") >= 0
                    && names.allSatisfy { name in
                        sd_bus_message_open_container(m, type("e"), "sv") >= 0 && appendString(m, name)
                            && self.appendProperty(m, interface, name, node) && sd_bus_message_close_container(m) >= 0
                    }
                    && sd_bus_message_close_container(m) >= 0
            }
        case "Set":
            var nameC: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, type("s"), &nameC) >= 0, let nameC,
                  interface == AccessibleObjects.application, strcmp(nameC, "Id") == 0 else {
                return sd_bus_error_set(error, "org.freedesktop.DBus.Error.PropertyReadOnly", "read-only")
            }
            var id: Int32 = 0
            guard sd_bus_message_enter_container(message, type("v"), "i") >= 0,
                  sd_bus_message_read_basic(message, type("i"), &id) >= 0 else { return invalid(error) }
            applicationID = id
            return reply(message) { _ in true }
        default: return 0
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
    private func appendProperty(_ m: OpaquePointer, _ interface: String, _ name: String, _ node: AccessibleTree.Node) -> Bool {
        func variant(_ signature: String, _ fill: () -> Bool) -> Bool {
            sd_bus_message_open_container(m, type("v"), signature) >= 0 && fill() && sd_bus_message_close_container(m) >= 0
        }
        switch name {
        case "Name": return variant("s") { appendString(m, node.name) }
        case "Description": return variant("s") { appendString(m, node.description) }
        case "Parent":
            let parent = node.parent.map { reference($0) } ?? desktop
            return variant("(so)") { appendReference(m, parent) }
        case "ChildCount": return variant("i") { appendI32(m, Int32(clamping: node.children.count)) }
        case "Locale", "HelpText": return variant("s") { appendString(m, "") }
        case "AccessibleId": return variant("s") { appendString(m, node.path) }
        case "ToolkitName": return variant("s") { appendString(m, "xtoast") }
        case "Version": return variant("s") { appendString(m, "1") }
        case "AtspiVersion": return variant("s") { appendString(m, "2.1") }
        case "Id": return variant("i") { appendI32(m, applicationID) }
        case "NActions": return variant("i") { appendI32(m, 1) }
        // A reply field's text is its own (`node.text`); the filter's and the labels' are the
        // controls' (`controlProperty`).
        case "CharacterCount" where node.text != nil:
            return variant("i") { appendI32(m, Int32(clamping: node.text?.characterCount ?? 0)) }
        case "CaretOffset" where node.text != nil: return variant("i") { appendI32(m, Int32(clamping: node.text?.caret ?? 0)) }
        default: return variant("i") { appendI32(m, controlProperty(name, node)) }
        }
    }

    /// Sends a method return built by `fill`.
    func reply(_ call: OpaquePointer, _ fill: (OpaquePointer) -> Bool) -> Int32 {
        var message: OpaquePointer?
        var r = sd_bus_message_new_method_return(call, &message)
        guard r >= 0, let message else { return r }
        defer { sd_bus_message_unref(message) }
        guard fill(message) else { return -ENOMEM }
        r = sd_bus_send(nil, message, nil)
        return r < 0 ? r : 1
    }

    func invalid(_ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "malformed arguments")
    }

    // MARK: Events

    /// One announced change as its `org.a11y.atspi.Event.Object` signal, `siiva{sv}`.
    func send(_ event: AccessibleTree.Event) {
        switch event {
        case let .showing(path, on): signal(path, "StateChanged", "showing", on ? 1 : 0) { appendVariantI32($0, 0) }
        case let .focused(path, on): signal(path, "StateChanged", "focused", on ? 1 : 0) { appendVariantI32($0, 0) }
        case let .windowActive(path, on):
            let name = tree[path]?.name ?? ""
            signal(path, on ? "Activate" : "Deactivate", "", 0, interface: AccessibleObjects.eventWindow) { m in
                sd_bus_message_open_container(m, type("v"), "s") >= 0 && appendString(m, name) && sd_bus_message_close_container(m) >= 0
            }
        case let .childAdded(parent, index, child):
            let ref = ObjectReference(bus: uniqueName, path: AccessibleObjects.path(child))
            signal(parent, "ChildrenChanged", "add", Int32(clamping: index)) { m in
                sd_bus_message_open_container(m, type("v"), "(so)") >= 0 && appendReference(m, ref) && sd_bus_message_close_container(m) >= 0
            }
        case let .childRemoved(parent, index, child):
            let ref = ObjectReference(bus: uniqueName, path: AccessibleObjects.path(child))
            signal(parent, "ChildrenChanged", "remove", Int32(clamping: index)) { m in
                sd_bus_message_open_container(m, type("v"), "(so)") >= 0 && appendReference(m, ref) && sd_bus_message_close_container(m) >= 0
            }
        case let .nameChanged(path, value):
            signal(path, "PropertyChange", "accessible-name", 0) { m in
                sd_bus_message_open_container(m, type("v"), "s") >= 0 && appendString(m, value) && sd_bus_message_close_container(m) >= 0
            }
        case .checked, .textInserted, .textRemoved, .caretMoved: sendControl(event)
        case let .descriptionChanged(path, value):
            signal(path, "PropertyChange", "accessible-description", 0) { m in
                sd_bus_message_open_container(m, type("v"), "s") >= 0 && appendString(m, value) && sd_bus_message_close_container(m) >= 0
            }
        }
    }

    /// The corresponding C functions are `sd_bus_message_new_signal` and `sd_bus_send`.
    func signal(_ node: String, _ member: String, _ detail: String, _ detail1: Int32, detail2: Int32 = 0,
                interface: String = AccessibleObjects.eventObject, _ value: (OpaquePointer) -> Bool) {
        guard let a11y else { return }
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(a11y, &message, AccessibleObjects.path(node), interface, member) >= 0,
              let message else { return }
        defer { sd_bus_message_unref(message) }
        guard appendString(message, detail), appendI32(message, detail1), appendI32(message, detail2), value(message),
              sd_bus_message_open_container(message, type("a"), "{sv}") >= 0, sd_bus_message_close_container(message) >= 0 else { return }
        _ = sd_bus_send(a11y, message, nil)
    }
}

/// A card's pixels as a 32-bit integer (finite and in range first: it came from the layout).
private func pixels(_ value: Double) -> Int32 {
    guard value.isFinite else { return 0 }
    return Int32(clamping: Int64(max(-1e9, min(1e9, value.rounded()))))
}

func appendU32(_ m: OpaquePointer, _ value: UInt32) -> Bool {
    var v = value
    return sd_bus_message_append_basic(m, type("u"), &v) >= 0
}

func appendI32(_ m: OpaquePointer, _ value: Int32) -> Bool {
    var v = value
    return sd_bus_message_append_basic(m, type("i"), &v) >= 0
}

func appendVariantI32(_ m: OpaquePointer, _ value: Int32) -> Bool {
    sd_bus_message_open_container(m, type("v"), "i") >= 0 && appendI32(m, value) && sd_bus_message_close_container(m) >= 0
}
