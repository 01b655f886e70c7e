extension Board {
    /// Every visible toast, newest first across all stacks (by when each came to the board):
    /// the order the keys walk, and whose first is "the newest visible toast".
    public var visibleNewestFirst: [Toast] {
        keys.compactMap { stacks($0) }.flatMap(\.visible).sorted { $0.arrival > $1.arrival }.map(\.toast)
    }

    /// The newest visible toast that can serve `purpose`: the one choice a bound key, an
    /// `xtoast` command and the menu make, so the `invoke` key and `xtoast invoke` never
    /// act on different toasts. Nil when no visible toast serves it.
    public func newest(for purpose: NewestPurpose) -> Toast? { newest { purpose.isServed(by: $0) } }

    func newest(where serves: (Toast) -> Bool) -> Toast? { visibleNewestFirst.first(where: serves) }
}

/// What "the newest toast" is wanted for: each purpose passes over the newer toasts that
/// cannot serve it (a toast with buttons only has no default action to invoke).
public enum NewestPurpose: Equatable, Sendable {
    /// Any toast: dismiss, focus.
    case any
    /// Its default action: the invoke key, `xtoast invoke` without an action.
    case defaultAction
    /// This action, a button or the default: `xtoast invoke ACTION`.
    case action(String)
    /// Something the menu offers: a button, a default action or a link that can be opened.
    case menu
    /// This link in its message: `xtoast open LINK`.
    case link(String)

    public func isServed(by toast: Toast) -> Bool {
        switch self {
        case .any: true
        case .defaultAction: toast.defaultAction != nil
        case let .action(id): toast.defaultAction == id || toast.actions.contains { $0.id == id }
        case .menu: !toast.actions.isEmpty || toast.defaultAction != nil || Links.targets(of: toast).contains(where: Links.isOpenable)
        case let .link(target): Links.targets(of: toast).contains(target)
        }
    }

    /// Why nothing served it, for a command's error (a key says nothing).
    public func noneMessage(anyVisible: Bool) -> String {
        guard anyVisible else { return "no toast is on screen" }
        return switch self {
        case .any: "no toast is on screen"
        case .defaultAction: "no toast on screen has a default action; name an action (xtoast menu lists them)"
        case let .action(id): "no toast on screen has an action \"\(id)\""
        case .menu: "no toast on screen has actions or links"
        case let .link(target): "no toast on screen has the link \"\(target)\""
        }
    }
}
