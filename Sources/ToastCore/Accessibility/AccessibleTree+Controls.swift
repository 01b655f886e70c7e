/// The objects beyond a card's words and buttons: its message's links, and the centre's header
/// (the "Clear all" and do-not-disturb buttons, the filter as an ENTRY with its text), so a
/// screen reader's user reaches everything the pointer and keys reach.
extension AccessibleTree {
    /// What an object other than a card's button does or holds.
    public enum Control: Equatable, Sendable {
        /// A link in a card's message: pressed, it opens as a click on its text does.
        /// `characters`: where its text lies in the message label's text (`Hyperlink`).
        case link(toast: String, target: String, characters: Range<Int>)
        /// A card's message label with links: its text as drawn (`Text`) and its links' paths
        /// (`Hypertext`), so a screen reader finds each link where it is in the words.
        case hypertext(text: String, links: [String])
        /// The centre's "Clear all": pressed, as a click on it (the first arms, the second clears).
        case clearAll
        /// The centre's do-not-disturb switch: pressed, it turns as Shift+D turns it.
        case doNotDisturb
        /// The centre's filter: its text, read through `org.a11y.atspi.Text`.
        case filter(text: String)
        /// A choice of the do-not-disturb menu while it is open: pressed, it is taken as a click
        /// on it (do-not-disturb for that long).
        case quietChoice(QuietChoice)
        /// The do-not-disturb menu itself (it holds the choices; nothing to press).
        case quietMenu

        /// Whether its own changes are announced (`controlEvents`); a message label's are its card's.
        var isAnnounced: Bool {
            if case .hypertext = self { return false }
            return true
        }

        /// Whether it has an `org.a11y.atspi.Action` (the filter is typed into, a label read).
        public var isPressable: Bool {
            switch self {
            case .filter, .hypertext, .quietMenu: false
            case .link, .clearAll, .doNotDisturb, .quietChoice: true
            }
        }
    }

    /// The centre's header as it is drawn (`CenterLayout.headerContent`).
    public struct CenterHeader: Equatable, Sendable {
        /// "Clear all" shows (there are rows, or a filter).
        public var showsClear = false
        /// Its first click armed it: the next clears ("Click again to clear").
        public var clearArmed = false
        /// The user's own do-not-disturb is on.
        public var doNotDisturb = false
        /// Who holds quiet and until when (`QuietStatus.lines`), the switch's description.
        public var quietLines: [String] = []
        /// The filter typed after `/` (nil: none) and whether keys go into it now.
        public var filter: String?
        public var typingFilter = false
        /// The do-not-disturb menu is open (a click on the switch, Shift+Q): its choices, and the
        /// one the keyboard highlights.
        public var quietMenuOpen = false
        public var quietChoices: [QuietChoice] = []
        public var quietSelection: Int?
        public init() {}
    }

    public static let clearPath = centerPath + "_clear"
    public static let doNotDisturbPath = centerPath + "_quiet"
    public static let filterPath = centerPath + "_filter"
    public static let quietMenuPath = centerPath + "_quiet_menu"
    /// Links published per card at most (a message holds few; this bounds a reply).
    public static let maxLinks = 16

    /// A card's links as LINK objects, named by their text as drawn, described by their
    /// target; and the message as drawn, for its label's `Text` and `Hypertext` (nil without links).
    static func links(of toast: Toast, card: String) -> (nodes: [Node], text: String?) {
        guard toast.markup else { return ([], nil) }
        // The message as the composer draws it, so the spans fall on the words shown.
        let message = TextLimits.clean(toast.message).text
        let spans = MarkupSanitizer.sanitize(message, linkColor: RGBA(rgb: 0)).links
        guard !spans.isEmpty else { return ([], nil) }
        let text = MarkupSanitizer.stripped(message)
        let plain = Array(text.utf8)
        /// A byte offset as a character offset (scalars, as AT-SPI counts), within the text.
        func characters(_ byte: Int) -> Int {
            String(decoding: plain[0..<max(0, min(plain.count, byte))], as: UTF8.self).unicodeScalars.count
        }
        let shown: Set<State> = [.showing, .visible, .enabled, .sensitive, .focusable]
        let nodes = spans.prefix(maxLinks).enumerated().map { i, span in
            var name = span.target
            if span.bytes.lowerBound >= 0, span.bytes.upperBound <= plain.count, !span.bytes.isEmpty {
                let words = Substring(String(decoding: plain[span.bytes], as: UTF8.self)).trimmingBlanks()
                if !words.isEmpty { name = String(words) }
            }
            let start = characters(span.bytes.lowerBound)
            let range = start..<max(start, characters(span.bytes.upperBound))
            return Node(path: card + "_link\(i)", role: .link, name: name, description: span.target, states: shown, extents: nil,
                        parent: card, children: [], press: nil, progress: nil,
                        control: .link(toast: toast.id, target: span.target, characters: range))
        }
        return (nodes, text)
    }

    /// The header's controls under the panel, before the list: "Clear all" while it shows, the
    /// do-not-disturb switch (CHECKED while on), the filter while there is one (FOCUSED while
    /// typed into and no row is selected). Returns their paths in order.
    mutating func addHeader(_ header: CenterHeader, panel: String, listFocused: Bool) -> [String] {
        let shown: Set<State> = [.showing, .visible, .enabled, .sensitive, .focusable]
        var paths: [String] = []
        func add(_ path: String, _ role: Role, _ name: String, _ description: String, _ states: Set<State>, _ control: Control) {
            nodes[path] = Node(path: path, role: role, name: name, description: description, states: states, extents: nil,
                               parent: panel, children: [], press: nil, progress: nil, control: control)
            paths.append(path)
        }
        if header.showsClear {
            add(Self.clearPath, .pushButton, header.clearArmed ? "Click again to clear" : "Clear all",
                "Removes every notification from the history", shown, .clearAll)
        }
        var switchStates = shown.union([.expandable])
        if header.doNotDisturb { switchStates.insert(.checked) }
        if header.quietMenuOpen { switchStates.insert(.expanded) }
        add(Self.doNotDisturbPath, .pushButton, "Do not disturb", header.quietLines.joined(separator: ", "), switchStates, .doNotDisturb)
        if header.quietMenuOpen {
            // The menu's choices, the highlighted one FOCUSED (Up and Down move it, Enter takes it).
            let items = header.quietChoices.enumerated().map { i, choice in
                var states = shown.union([.selectable])
                if i == header.quietSelection { states.formUnion([.selected, .focused]) }
                let path = Self.quietMenuPath + "_\(i)"
                nodes[path] = Node(path: path, role: .menuItem, name: choice.label, description: "", states: states, extents: nil,
                                   parent: Self.quietMenuPath, children: [], press: nil, progress: nil, control: .quietChoice(choice))
                return path
            }
            add(Self.quietMenuPath, .menu, "Do not disturb", "", shown, .quietMenu)
            nodes[Self.quietMenuPath]?.children = items
        }
        if let filter = header.filter {
            var states = shown.union([.editable, .singleLine])
            if header.typingFilter && !listFocused && !header.quietMenuOpen { states.insert(.focused) }
            add(Self.filterPath, .entry, "Filter", "Filter by app, title or message", states, .filter(text: filter))
        }
        return paths
    }

    /// The events of the controls' changes: a header control coming or going (`ChildrenChanged`
    /// on the panel), a name or description changed (a link's card updated, "Clear all" armed),
    /// the switch turned, the filter's text typed or erased and its caret (always at the end).
    static func controlEvents(from old: AccessibleTree, to next: AccessibleTree) -> [Event] {
        var events: [Event] = []
        let panel = centerPath + "_panel"
        if let before = old[panel], let after = next[panel] {
            let kept = Set(after.children)
            for (i, path) in before.children.enumerated().reversed() where !kept.contains(path) {
                events.append(.childRemoved(parent: panel, index: i, child: path))
            }
            let had = Set(before.children)
            for (i, path) in after.children.enumerated() where !had.contains(path) {
                events.append(.childAdded(parent: panel, index: i, child: path))
            }
        }
        for path in next.nodes.keys.sorted() {
            // A message label's words change with its card, which says so (held for progress).
            guard let after = next[path], let control = after.control, let before = old[path], before.control != nil,
                  control.isAnnounced else { continue }
            if after.name != before.name { events.append(.nameChanged(path: path, after.name)) }
            if after.description != before.description { events.append(.descriptionChanged(path: path, after.description)) }
            if after.states.contains(.checked) != before.states.contains(.checked) {
                events.append(.checked(path: path, after.states.contains(.checked)))
            }
            guard case let .filter(text) = control, case let .filter(was) = before.control, text != was else { continue }
            let new = Array(text.unicodeScalars), gone = Array(was.unicodeScalars)
            var common = 0
            while common < new.count, common < gone.count, new[common] == gone[common] { common += 1 }
            if common < gone.count {
                events.append(.textRemoved(path: path, offset: common, text: String(String.UnicodeScalarView(gone[common...]))))
            }
            if common < new.count {
                events.append(.textInserted(path: path, offset: common, text: String(String.UnicodeScalarView(new[common...]))))
            }
            events.append(.caretMoved(path: path, offset: new.count))
        }
        return events
    }

    /// The text of an object that has one (the filter, a message label with links).
    public static func text(of node: Node) -> String? {
        switch node.control {
        case let .filter(text)?, let .hypertext(text, _)?: text
        default: nil
        }
    }
}
