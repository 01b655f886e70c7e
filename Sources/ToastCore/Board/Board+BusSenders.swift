/// Who may act on a bus toast. A bus toast belongs to the connection that sent it (its
/// unique name, `Toast.sender`): only that connection may replace it (`replaces_id`) or close
/// it (`CloseNotification`), so no other application can rewrite it, choose its buttons and
/// have the user's click reach its sender as an action it never offered. Once the sender has
/// left the bus nobody is left to fool, and the toast is anyone's: `notify-send -r ID` and
/// `dunstify -r ID` run as a new process (a new connection) each time, after the last one left.
///
/// The daemon tells the board who left (`busNameLeft`, from the bus's `NameOwnerChanged`).
/// The bus sends that signal when it drops a connection, before it routes any message from a
/// connection made later, so a script's next `notify-send -r` finds the last one gone.
extension Board {
    /// Whether the bus client `sender` (its unique name; nil when the call named none) may
    /// replace or close the bus toast `id`, live or kept open in the centre: it sent it, or
    /// whoever sent it has left the bus. False for a socket toast or an id that is neither.
    public func busClient(_ sender: String?, mayActOn id: String) -> Bool {
        guard let toast = toast(id) ?? kept(id)?.toast, toast.source == .bus else { return false }
        guard let owner = toast.sender else { return true }
        return owner == sender || departedSenders.contains(owner)
    }

    /// A bus name left: the live toasts it sent become anyone's. Only names a live toast
    /// carries are kept, so the set never outgrows the board however many clients come and go.
    mutating func senderLeft(_ name: String) {
        let live = Set(liveToasts.compactMap(\.sender))
        guard live.contains(name) || !departedSenders.isEmpty else { return }
        departedSenders.insert(name)
        departedSenders.formIntersection(live)
    }
}
