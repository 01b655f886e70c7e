/// Digests (`[quiet] burst`): past its limit, an application's toasts fold into one card that
/// counts them ("Slack: 12 more") and shows the newest one's text.
///
/// Each folded toast gets its own id at once (the bus answers it, as the specification asks:
/// never 0), goes into history (unread) at once, and is an alias of the digest card: when
/// the digest ends, however it ends, every folded toast ends with `folded` (on the bus,
/// `NotificationClosed` reason 2). `CloseNotification` or `xtoast dismiss` with a folded id
/// ends only that one. The digest itself belongs to nobody (`Owner.board`) and is transient:
/// the toasts it stands for are in history, it is not.
extension Board {
    /// Counts `made` on `digestID`'s card, or on a new digest card at `monitor` when that is nil
    /// or no longer live. Returns the folded toast's id.
    public mutating func fold(_ made: Toast, into digestID: String?, app: BurstApp, owner: Owner, monitor: String,
                              now: Double) -> String {
        var toast = made
        toast.id = generateID()
        let id = toast.id
        if !toast.transient, let entry = keepInHistory(toast, reason: .folded, now: now) { pending.kept.append(entry) }
        let card: String
        // The live digest as this fold left it: what its oldest folded toasts hear when the
        // bound ends them (a new digest counts one, far below it).
        var counted: Toast?
        if let digestID, let key = key(of: digestID), var digest = self.toast(digestID), var info = digest.digest {
            info.folded += 1
            digest.digest = info
            Digest.fill(&digest, newest: toast)
            setLive(digest, at: key, restartTimer: true, now: now)
            if isVisible(digestID) {
                pending.restyled.append((digestID, true))
                pending.recounted.insert(digestID)
                pending.stacks.insert(key)
            }
            card = digestID
            counted = digest
        } else {
            var digest = Toast(id: "", message: "", kind: .info, timeout: config.timeout(for: .info), position: toast.position)
            digest.source = toast.source
            digest.app = toast.app
            digest.transient = true
            digest.digest = Digest(label: app.label, folded: 1)
            Digest.fill(&digest, newest: toast)
            card = show(digest, owner: .board, monitor: monitor, now: now)
        }
        repeats.add(id, to: card)
        owners[id] = owner
        if isVisible(card) { deliver(.shown(id: id), toast: toast) }
        // Bounded: a client folding for ever ends its oldest folded toasts early.
        if let counted { boundAliases(of: card, toast: counted) }
        return id
    }

    /// A folded toast ends alone (its sender closed it): the digest counts one less.
    mutating func unfold(_ alias: String, reason: DismissReason, now: Double) {
        let echo = repeats.isEcho(alias)
        guard let cardID = repeats.remove(alias), let key = key(of: cardID), var digest = toast(cardID),
              var info = digest.digest else { return }
        // An echo of a folded toast (`sameAs`) was never counted.
        if !echo { info.folded = max(0, info.folded - 1) }
        digest.digest = info
        digest.title = info.title
        setLive(digest, at: key, restartTimer: false, now: now)
        if isVisible(cardID) {
            pending.restyled.append((cardID, false))
            pending.stacks.insert(key)
        }
        deliver(.dismissed(id: alias, reason: reason), toast: digest)
        owners.removeValue(forKey: alias)
    }

    /// Notes a bus toast `[quiet] burst` watches, as the admission decided about it.
    mutating func noteBurst(_ decision: Admission.Decision, id: String, now: Double) {
        guard let ticket = decision.burst else { return }
        switch decision.action {
        case .drop, .skipDisplay: return
        default: break
        }
        var sameAs = false
        if case .sameAs = decision.action { sameAs = true }
        let digest: String? = if case .fold = decision.action { cardID(for: id) } else { nil }
        bursts.record(ticket.app.key, fingerprint: ticket.fingerprint, id: id, counts: !sameAs, digest: digest,
                      limit: ticket.limit.count, now: now)
    }

    /// One toast sent twice (`Admission.Action.sameAs`): an alias of `original`'s card that
    /// does not count on it; it hears what the card hears. Nil when the card is gone.
    mutating func sameToast(as original: String, owner: Owner) -> String? {
        let cardID = repeats.card(for: original)
        guard let toast = toast(cardID) else { return nil }
        let alias = generateID()
        repeats.add(alias, to: cardID, echo: true)
        owners[alias] = owner
        if isVisible(cardID) { deliver(.shown(id: alias), toast: toast) }
        boundAliases(of: cardID, toast: toast)
        return alias
    }
}

/// What a digest card stands for.
public struct Digest: Equatable, Sendable {
    /// The application as the card names it (`BurstApp.label`).
    public var label: String
    /// How many toasts it folded.
    public var folded: Int

    /// "Slack: 12 more".
    public var title: String { "\(label): \(folded) more" }

    /// Folded toasts a digest answers for at once; past it the oldest ends early (`folded`).
    public static let maxAliases = RepeatAliases.maxPerCard

    /// The card's text: its count as the title, the newest folded toast's text (its title when
    /// it had no message); the kind's icon (a folded toast's icon is never loaded).
    static func fill(_ digest: inout Toast, newest: Toast) {
        digest.title = digest.digest?.title ?? ""
        digest.message = newest.message.isEmpty ? newest.title : newest.message
        digest.markup = newest.message.isEmpty ? false : newest.markup
        digest.urgency = newest.urgency == .low ? .low : .normal
    }
}

extension Owner {
    /// The board's own cards (a digest, a summary): nobody hears them but subscribers.
    public static let board = Owner(.socket, 0)
}
