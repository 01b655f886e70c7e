/// What a screen reader sees of xtoast over AT-SPI, as plain data: which objects exist, their
/// roles, names, states, extents and children, derived from the board and the cards on screen.
/// The accessibility door (the `Accessibility` target) only serves it on the bus and sends the
/// events `AccessibleTree.events(from:to:)` decides.
public struct AccessibleTree: Equatable, Sendable {
    /// AT-SPI's roles (`AtspiRole`), the ones xtoast's objects take.
    public enum Role: UInt32, Sendable {
        case label = 29
        case list = 31
        case listItem = 32
        case menu = 33
        case menuItem = 35
        case panel = 39
        case pushButton = 43
        case window = 69
        case application = 75
        case entry = 79
        case link = 88
        case notification = 101

        /// The role's name as `GetRoleName` answers it (libatspi's spelling).
        public var name: String {
            switch self {
            case .label: "label"
            case .list: "list"
            case .listItem: "list item"
            case .menu: "menu"
            case .menuItem: "menu item"
            case .panel: "panel"
            case .pushButton: "push button"
            case .window: "window"
            case .application: "application"
            case .entry: "entry"
            case .link: "link"
            case .notification: "notification"
            }
        }
    }

    /// AT-SPI's states (`AtspiStateType`), the ones xtoast's objects have.
    public enum State: UInt32, Sendable, CaseIterable {
        case active = 1
        case checked = 4
        case editable = 7
        case enabled = 8
        case expandable = 9
        case expanded = 10
        case focusable = 11
        case focused = 12
        case multiLine = 17
        case selectable = 22
        case selected = 23
        case sensitive = 24
        case showing = 25
        case singleLine = 26
        case visible = 30
    }

    /// A button's press: the toast and the action key it chooses.
    public struct Press: Equatable, Sendable {
        public var toast: String
        public var action: String
    }

    /// One object. `path` is its name under the application's object tree (`root`,
    /// `card_…`); the door turns it into a D-Bus object path.
    public struct Node: Equatable, Sendable {
        public var path: String
        public var role: Role
        public var name: String
        public var description: String
        public var states: Set<State>
        /// On screen, in pixels (the card's own frame); nil for objects without a place.
        public var extents: Rect?
        public var parent: String?
        public var children: [String]
        /// A button's action, for `org.a11y.atspi.Action`.
        public var press: Press?
        /// A card's progress value, so its changes can be limited to one a second.
        public var progress: Double?
        /// The open reply field's text and caret, for `org.a11y.atspi.Text` (`AccessibleTree+Reply`).
        public var text: ReplyText? = nil
        /// A link, a centre header control or the filter (`AccessibleTree+Controls`).
        public var control: Control? = nil
    }

    /// One card as the daemon sees it: the toast, where its window is and whether focus mode is on it.
    public struct CardInput: Sendable {
        public var toast: Toast
        public var frame: Rect
        public var focused: Bool
        /// The reply field open on it, if any.
        public var reply: ReplyField?
        public init(toast: Toast, frame: Rect, focused: Bool, reply: ReplyField? = nil) {
            self.toast = toast
            self.frame = frame
            self.focused = focused
            self.reply = reply
        }
    }

    /// The notification centre while it is open: its panel's frame, its rows as listed and
    /// the selected one (which keys move).
    public struct CenterInput: Sendable {
        public var frame: Rect
        public var rows: [CenterRow]
        public var selection: CenterRow.ID?
        /// The header's controls and the filter, as drawn (`AccessibleTree+Controls`).
        public var header = CenterHeader()
        public init(frame: Rect, rows: [CenterRow], selection: CenterRow.ID?) {
            self.frame = frame
            self.rows = rows
            self.selection = selection
        }
    }

    public static let rootPath = "root"
    public static let centerPath = "center"
    /// The centre's list items published at most (history may hold thousands).
    public static let maxCenterItems = 500
    /// The application's name as the desktop lists it.
    public static let applicationName = "xtoast"
    /// Cards published at most (the board's own limit is lower; this bounds a reply's size).
    public static let maxCards = 64

    public internal(set) var nodes: [String: Node]

    /// The root alone: the application with no cards.
    public init() {
        nodes = [Self.rootPath: Node(path: Self.rootPath, role: .application, name: Self.applicationName, description: "",
                                     states: [], extents: nil, parent: nil, children: [], press: nil, progress: nil)]
    }

    /// The tree for the cards on screen, in the order given (newest first, as stacked).
    public init(cards: [CardInput], center: CenterInput? = nil) {
        self.init()
        var roots: [String] = []
        for card in cards.prefix(Self.maxCards) {
            let toast = card.toast
            let path = Self.cardPath(toast.id)
            let title = toast.markup ? MarkupSanitizer.stripped(toast.title) : toast.title
            let message = toast.markup ? MarkupSanitizer.stripped(toast.message) : toast.message
            let name = title.isEmpty ? (toast.app ?? "") : title
            var states: Set<State> = [.showing, .visible, .enabled, .sensitive]
            if card.focused { states.insert(.focused) }
            var children: [String] = []
            let shown: Set<State> = [.showing, .visible, .enabled, .sensitive]
            func add(_ node: Node) {
                nodes[node.path] = node
                children.append(node.path)
            }
            if !title.isEmpty {
                add(Node(path: path + "_title", role: .label, name: title, description: "", states: shown, extents: nil,
                         parent: path, children: [], press: nil, progress: nil))
            }
            let links = Self.links(of: toast, card: path)
            if !message.isEmpty {
                add(Node(path: path + "_message", role: .label, name: message, description: "", states: shown, extents: nil,
                         parent: path, children: [], press: nil, progress: nil,
                         control: links.text.map { .hypertext(text: $0, links: links.nodes.map(\.path)) }))
            }
            for link in links.nodes { add(link) }
            for (i, action) in toast.actions.prefix(Action.maxCount).enumerated() {
                add(Node(path: path + "_button\(i)", role: .pushButton, name: action.purpose?.accessibleName ?? action.label, description: "",
                         states: shown.union([.focusable]), extents: nil, parent: path, children: [],
                         press: Press(toast: toast.id, action: action.id), progress: nil))
            }
            if let options = toast.reply {
                add(card.reply.map { replyEntry($0, options, card: path, toast: toast.id) } ?? replyButton(options, card: path, toast: toast.id))
            }
            // No description: Orca 43 speaks a notification's unrelated labels (the message label)
            // and then its description too, so the message would be heard twice (issue 49).
            nodes[path] = Node(path: path, role: .notification, name: name, description: "", states: states,
                               extents: card.frame, parent: Self.rootPath, children: children, press: nil, progress: toast.progress)
            roots.append(path)
        }
        if let center {
            addCenter(center)
            roots.append(Self.centerPath)
        }
        nodes[Self.rootPath]?.children = roots
    }

    /// The centre as WINDOW > PANEL > LIST > LIST_ITEM: one item per entry and per group,
    /// each read on its own; the selected one is SELECTED and FOCUSED.
    private mutating func addCenter(_ center: CenterInput) {
        let shown: Set<State> = [.showing, .visible, .enabled, .sensitive]
        let window = Self.centerPath, panel = Self.centerPath + "_panel", list = Self.centerPath + "_list"
        var items: [String] = []
        for row in center.rows.prefix(Self.maxCenterItems) {
            let path: String, name: String, description: String
            switch row {
            case let .entry(entry):
                path = list + "_e" + String(entry.historyID, radix: 16) + "_" + Self.hex(entry.toast.id)
                let toast = entry.toast
                let title = toast.markup ? MarkupSanitizer.stripped(toast.title) : toast.title
                name = title.isEmpty ? CenterContent.app(of: entry) : title
                description = toast.markup ? MarkupSanitizer.stripped(toast.message) : toast.message
            case let .group(app, count, _, _):
                path = list + "_g" + Self.hex(app)
                name = app
                description = count == 1 ? "1 notification" : "\(count) notifications"
            }
            guard nodes[path] == nil else { continue }
            var states = shown.union([.selectable, .focusable])
            // While the do-not-disturb menu is open it has the keys, and the focus.
            if row.id == center.selection { states.formUnion(center.header.quietMenuOpen ? [.selected] : [.selected, .focused]) }
            nodes[path] = Node(path: path, role: .listItem, name: name, description: description, states: states, extents: nil,
                               parent: list, children: [], press: nil, progress: nil)
            items.append(path)
        }
        nodes[list] = Node(path: list, role: .list, name: "Notifications", description: "", states: shown, extents: nil,
                           parent: panel, children: items, press: nil, progress: nil)
        let controls = addHeader(center.header, panel: panel, listFocused: center.selection != nil && !center.header.quietMenuOpen)
        nodes[panel] = Node(path: panel, role: .panel, name: "", description: "", states: shown, extents: nil,
                            parent: window, children: controls + [list], press: nil, progress: nil)
        nodes[window] = Node(path: window, role: .window, name: "Notification centre", description: "", states: shown.union([.focusable, .active]),
                             extents: center.frame, parent: Self.rootPath, children: [panel], press: nil, progress: nil)
    }

    static func hex(_ text: String) -> String {
        text.utf8.prefix(64).map { b in String(b, radix: 16).count == 1 ? "0" + String(b, radix: 16) : String(b, radix: 16) }.joined()
    }

    /// Unwrapped: `init` makes the root, and no change removes it.
    public var root: Node { nodes[Self.rootPath]! }
    public subscript(path: String) -> Node? { nodes[path] }

    /// A card's object name: the toast id's bytes in hex, since an object path allows only
    /// `[A-Za-z0-9_]` and an id given over the socket may hold anything.
    public static func cardPath(_ id: String) -> String {
        "card_" + hex(id)
    }

    /// What the screen reader hears of a change of tree.
    public enum Event: Equatable, Sendable {
        /// `StateChanged("showing", 1|0)` from `path`.
        case showing(path: String, Bool)
        /// `ChildrenChanged("add"|"remove", index)` on `parent` for `child`.
        case childAdded(parent: String, index: Int, child: String)
        case childRemoved(parent: String, index: Int, child: String)
        /// `PropertyChange("accessible-name"|"accessible-description")` with the new value.
        case nameChanged(path: String, String)
        case descriptionChanged(path: String, String)
        /// `StateChanged("focused", 1|0)`.
        case focused(path: String, Bool)
        /// `org.a11y.atspi.Event.Window` `Activate`/`Deactivate`: the centre opened (with the
        /// keyboard) or closed. Orca follows focus only within the active window.
        case windowActive(path: String, Bool)
        /// `StateChanged("checked", 1|0)`: the do-not-disturb switch turned.
        case checked(path: String, Bool)
        /// `TextChanged("insert"|"delete", offset, length)` with the text: the filter typed.
        case textInserted(path: String, offset: Int, text: String)
        case textRemoved(path: String, offset: Int, text: String)
        /// `TextCaretMoved(offset)`.
        case caretMoved(path: String, offset: Int)
    }
}

/// Decides the events between the tree last published and the next, and holds a card's
/// progress changes to one a second (a volume OSD moved by a held key must not chatter).
public struct AccessibleAnnouncer: Sendable {
    public private(set) var published = AccessibleTree()
    /// When each card last had a property change announced.
    private var lastChange: [String: Double] = [:]
    /// A card whose progress change is being held: when it may go out.
    public private(set) var heldUntil: Double?
    public static let progressInterval = 1.0
    /// The host's `treeGeneration` when the tree was last built (nil: never yet).
    private var builtGeneration: Int?
    /// Trees built so far (what `wantsTree` let through), for the tests' counts.
    public private(set) var builds = 0

    public init() {}

    /// Whether to build the tree now: the host's generation moved since the last build, or a
    /// held progress change is due. Counts the builds it allows.
    public mutating func wantsTree(generation: Int, now: Double) -> Bool {
        let due = heldUntil.map { $0 <= now } ?? false
        guard generation != builtGeneration || due else { return false }
        builtGeneration = generation
        builds += 1
        return true
    }

    /// The events from the published tree to `next`, and publishes it; a card's name or
    /// description change driven by progress alone within `progressInterval` of its last
    /// change waits (`heldUntil` says when to ask again).
    public mutating func advance(to next: AccessibleTree, now: Double) -> [AccessibleTree.Event] {
        var events: [AccessibleTree.Event] = []
        var next = next
        heldUntil = nil
        let old = published
        let oldCards = old.root.children, newCards = next.root.children
        let newSet = Set(newCards), oldSet = Set(oldCards)
        for (index, path) in oldCards.enumerated().reversed() where !newSet.contains(path) {
            if old[path]?.role == .window { events.append(.windowActive(path: path, false)) }
            events.append(.showing(path: path, false))
            events.append(.childRemoved(parent: AccessibleTree.rootPath, index: index, child: path))
            lastChange[path] = nil
        }
        for (index, path) in newCards.enumerated() {
            guard let node = next[path] else { continue }
            guard oldSet.contains(path), let before = old[path] else {
                events.append(.childAdded(parent: AccessibleTree.rootPath, index: index, child: path))
                events.append(.showing(path: path, true))
                if node.role == .window { events.append(.windowActive(path: path, true)) }
                continue
            }
            let words = next.words(of: path), wordsBefore = old.words(of: path)
            if words != wordsBefore || node.description != before.description {
                let progressOnly = node.progress != before.progress
                if progressOnly, let last = lastChange[path], now - last < Self.progressInterval {
                    // Keep the old words published; ask again when the second is up.
                    next.keep(old, textOf: path)
                    let due = last + Self.progressInterval
                    heldUntil = min(heldUntil ?? due, due)
                } else {
                    for (object, name) in words.sorted(by: { $0.key < $1.key }) where wordsBefore[object] != name {
                        events.append(.nameChanged(path: object, name))
                    }
                    if node.description != before.description { events.append(.descriptionChanged(path: path, node.description)) }
                    lastChange[path] = now
                }
            }
        }
        // Focus moving (focus mode's card, the centre's selection): the one losing it first.
        let lost = old.nodes.values.filter { $0.states.contains(.focused) && next[$0.path]?.states.contains(.focused) == false }
        let gained = next.nodes.values.filter { $0.states.contains(.focused) && old[$0.path]?.states.contains(.focused) != true }
        events += AccessibleTree.controlEvents(from: old, to: next)
        events += lost.map(\.path).sorted().map { .focused(path: $0, false) }
        events += gained.map(\.path).sorted().map { .focused(path: $0, true) }
        published = next
        return events
    }
}

extension AccessibleTree {
    /// What is read of a card: its own name and its labels' names (title and message), by path.
    func words(of card: String) -> [String: String] {
        guard let node = nodes[card] else { return [:] }
        var words = [card: node.name]
        for child in node.children {
            if let label = nodes[child], label.role == .label { words[child] = label.name }
        }
        return words
    }

    /// Keeps `before`'s words, description and progress for the card `path` (a held progress change).
    mutating func keep(_ before: AccessibleTree, textOf path: String) {
        for (object, name) in before.words(of: path) where nodes[object] != nil { nodes[object]?.name = name }
        nodes[path]?.description = before.nodes[path]?.description ?? ""
        nodes[path]?.progress = before.nodes[path]?.progress
    }
}
