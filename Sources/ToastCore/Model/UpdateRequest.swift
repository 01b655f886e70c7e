/// The fields of an `update` request: what is given changes, the rest stays.
public struct UpdateRequest: Equatable, Sendable {
    public var id: String
    public var message: String?
    public var title: String?
    public var kind: Kind?
    public var timeout: Double?
    public var progress: Double?
    public var icon: String?

    public init(id: String, message: String? = nil, title: String? = nil, kind: Kind? = nil,
                timeout: Double? = nil, progress: Double? = nil, icon: String? = nil) {
        self.id = id
        self.message = message
        self.title = title
        self.kind = kind
        self.timeout = timeout
        self.progress = progress
        self.icon = icon
    }

    /// True when nothing would change.
    public var isEmpty: Bool {
        message == nil && title == nil && kind == nil && timeout == nil && progress == nil && icon == nil
    }
}
