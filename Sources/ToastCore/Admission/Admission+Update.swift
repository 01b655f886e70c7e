/// `xtoast update`: what a live toast becomes, with the same timeout policy the admission
/// applied when it came (`Admission.timeout`), so an update cannot undo it.
///
///     let decision = try Admission.decideUpdate(UpdateRequest(id: "3", kind: .warning), board: board).get()
///     board.update(decision, now: now)   // a critical toast still waits for the user
///
/// A bus `replaces_id` is a whole new notification and goes through `Admission.decide`,
/// whose `.replace` applies the same `Admission.timeout`.
extension Admission {
    /// An update decided: the toast as it will be, and whether its timer starts again.
    public struct UpdateDecision: Equatable, Sendable {
        /// The live toast with its new content; its id is the card's (a repeat's alias named it).
        public var toast: Toast
        /// A kind or timeout change starts its timer again; text and progress alone do not.
        public var restartTimer: Bool
    }

    /// Changes what the update names on the live toast `update.id` (a repeat's alias names its
    /// card). A new kind gives the new kind's default timeout, unless the toast is critical (it
    /// keeps waiting for the user) or a rule set its timeout (the rule's stays, as it does over
    /// a sender's at admission); an update's own timeout counts as a script's does.
    /// `iconFile` is what the new `icon` resolved to, if one was given.
    public static func decideUpdate(_ update: UpdateRequest, iconFile: String? = nil,
                                    board: Board) -> Result<UpdateDecision, RequestError> {
        let id = board.cardID(for: update.id)
        guard var toast = board.toast(id) else { return .failure(RequestError("no toast with id \"\(id)\"")) }
        let kindChanged = update.kind.map { $0 != toast.kind } ?? false
        if let v = update.message { toast.message = v }
        if let v = update.title { toast.title = v }
        if let v = update.kind { toast.kind = v }
        if let v = update.progress { toast.progress = v }
        if let v = update.icon {
            toast.icon = v
            toast.iconFile = iconFile
        }
        if kindChanged || update.timeout != nil {
            let (timeout, policy) = Self.timeout(sender: update.timeout, senderCounts: true, critical: toast.urgency == .critical,
                                                 rule: toast.timeoutPolicy == .rule ? toast.timeout : nil)
            // A rule's timeout comes back as the toast's, already given its reading time.
            let given = timeout ?? board.config.timeout(for: toast.kind)
            toast.timeout = policy == .rule ? given : Self.readingTimeout(given, for: toast, config: board.config)
            toast.timeoutPolicy = policy
        }
        return .success(UpdateDecision(toast: toast, restartTimer: kindChanged || update.timeout != nil))
    }
}
