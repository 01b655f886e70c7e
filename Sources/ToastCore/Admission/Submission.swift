/// A toast asking to be shown, from either source, decoded and before anything is decided
/// about it: what `Admission.decide` takes.
///
///     let socket = Submission(request, source: .socket)          // xtoast show
///     var bus = Submission(mapped.request, source: .bus)         // a Notify call
///     bus.replacesID = "7"
public struct Submission: Equatable, Sendable {
    /// What the sender asked for. Its `app` is the application's name (a `Notify`'s app_name,
    /// or the socket's `app` field); its `timeout` the sender's own, nil for the default.
    public var request: ShowRequest
    public var source: ToastSource
    /// The bus interface it came through; nil for the socket's.
    public var interface: ToastInterface?
    /// The `desktop-entry` hint; empty when there is none (a socket toast has none).
    public var desktopEntry = ""
    /// The `x-kde-origin-name` hint (the web page a browser's notification is from); empty
    /// when there is none. It tells web apps in one browser apart (`BurstApp`).
    public var origin = ""
    /// The `category` hint; empty when there is none.
    public var category = ""
    /// The `x-dunst-stack-tag` (or `x-canonical-private-synchronous`) hint; empty when none.
    public var stackTag = ""
    /// The `transient` hint: not kept in history.
    public var transient = false
    /// Kept open in the centre when its card times out, whatever `[center] keep_open` says
    /// (the portal's `persistent` display hint); never for a transient toast.
    public var keepOpen = false
    /// The `x-canonical-append` hint: the body is appended to the sender's live toast with the
    /// same application and summary, which then shows both in place (`Admission.appendTarget`).
    public var append = false
    /// A `Notify`'s `replaces_id` (nil for 0): the bus toast to replace in place, if this
    /// sender may (`Board.busClient(_:mayActOn:)`).
    public var replacesID: String?
    /// The bus client's unique name (`:1.42`): who may replace or close the toast later.
    public var sender: String?
    /// The bus client's process and sandbox, as the bus told (`FocusedApp`); nil for the socket.
    public var senderProcess: SenderProcess?
    /// `image-data` pixels, already checked; stored for the card only if the toast keeps them.
    public var image: RawImage?
    /// The `sound-name`, `sound-file` and `suppress-sound` hints.
    public var sound = SoundHints()

    /// A socket client that names no application is `xtoast`, as `xtoast show` is.
    public static let defaultSocketApp = "xtoast"

    public init(_ request: ShowRequest, source: ToastSource) {
        self.request = request
        self.source = source
        category = request.category ?? ""
    }

    /// The application's name as rules and scripts see it.
    public var app: String {
        if let app = request.app { return app }
        return source == .socket ? Self.defaultSocketApp : ""
    }

    /// What the rules see of it, before they change anything.
    public var subject: RuleSubject { subject(withText: true) }

    /// The subject, its summary and body left empty unless `withText`: with no rules to
    /// match them nothing reads them, and cleaning them cost a fortieth of a socket flood.
    func subject(withText: Bool) -> RuleSubject {
        RuleSubject(app: app, desktopEntry: desktopEntry, summary: withText ? request.title ?? "" : "",
                    body: withText ? request.message : "", icon: request.icon ?? "", category: category,
                    urgency: request.urgency ?? .normal, kind: request.kind ?? .info, source: source,
                    stackTag: stackTag, transient: transient, hasImage: image != nil)
    }
}
