/// The fields of a `show` request. Optional fields take the daemon's configured defaults.
public struct ShowRequest: Equatable, Sendable {
    public var message: String
    public var title: String?
    public var kind: Kind?
    public var timeout: Double?
    public var id: String?
    public var position: Position?
    /// A monitor by name, `primary`, or its number from 0; nil follows the config's rule.
    public var monitor: MonitorChoice?
    public var style: CardStyle?
    public var markup = false
    public var icon: String?
    public var actions: [Action] = []
    public var defaultAction: String?
    public var progress: Double?
    public var urgency: Urgency?
    /// The application that sent it: `Notify`'s app_name, or the socket's `app` field (nil:
    /// none named, `Submission.defaultSocketApp`).
    public var app: String?
    /// Stays after an action is chosen (the D-Bus `resident` hint); the user or the timeout ends it.
    public var resident = false
    /// The D-Bus `action-icons` hint: action keys are icon names, drawn as icon buttons.
    public var actionIcons = false
    /// Where it comes from within the app (`x-kde-origin-name`: a web site, a phone, a chat
    /// account), shown under the title.
    public var origin: String?
    /// An inline reply field (`--reply`, the JSON `reply` object; `inline-reply` on the bus).
    public var reply: ReplyOptions?
    /// What the toast is (`--category`, the `category` field): `call.incoming`,
    /// `alarm.ringing`… (`CategoryPolicy`); the bus's comes as a hint (`Submission.category`).
    public var category: String?

    public init(message: String, title: String? = nil, kind: Kind? = nil, timeout: Double? = nil,
                id: String? = nil, position: Position? = nil) {
        self.message = message
        self.title = title
        self.kind = kind
        self.timeout = timeout
        self.id = id
        self.position = position
    }
}
