/// The category's row (`CategoryPolicy`) in the admission: each default yields to a rule's
/// setting of the same thing, so `decide` asks here once per question and holds no table.
extension Admission {
    /// The row for a submission: a rule's `category` over the sender's.
    static func categoryPolicy(_ submission: Submission, settings: RuleSettings) -> CategoryPolicy {
        CategoryPolicy.of(settings.category ?? submission.category)
    }

    /// The urgency after the category: a rule's urgency is the user's word; a critical toast
    /// is never lowered (a sender's alarm marked critical stays critical).
    static func urgency(_ urgency: Urgency?, category: CategoryPolicy, rule: Urgency?) -> Urgency? {
        guard rule == nil, let wanted = category.urgency, urgency != .critical else { return urgency }
        return wanted
    }

    /// The timeout a rule gives, else the category's (a rule's `default_timeout` also counts
    /// as the user's word over the category's).
    static func ruleTimeout(_ settings: RuleSettings, category: CategoryPolicy) -> Double? {
        settings.timeout ?? (settings.defaultTimeout == nil ? category.timeout : nil)
    }

    /// A rule's `sound`, else silence for a category that never sounds.
    static func sound(_ settings: RuleSettings, category: CategoryPolicy) -> RuleSound? {
        settings.sound ?? (category.sound == .never ? RuleSound.none : nil)
    }

    /// The live toast of the same source and application whose card `toast` takes
    /// (`CategoryPolicy.takesCardOf`), one its sender may act on; nil when none is live. Reads
    /// the live toasts only for the few categories that take a card.
    static func categoryHolder(for toast: Toast, category: CategoryPolicy, submission: Submission, board: Board) -> String? {
        guard !category.takesCardOf.isEmpty else { return nil }
        return board.liveToasts.first { live in
            category.takesCardOf.contains(live.category) && live.source == toast.source && live.app == toast.app
                && live.digest == nil && (toast.source != .bus || board.busClient(submission.sender, mayActOn: live.id))
        }?.id
    }
}
