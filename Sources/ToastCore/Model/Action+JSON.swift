import JSONCodec

extension JSONWriter {
    /// `"name": [{"id":"yes","label":"Yes"}, …]`, left out when there are no actions: the one
    /// way a toast's buttons are written, in a request line and in a history record alike.
    /// (They are read back twice on purpose: a request strictly, with a message a client can
    /// act on; a history record leniently, as a damaged line to skip.)
    ///
    ///     w.member("actions", [Action(id: "yes", label: "Yes")])   // "actions":[{"id":"yes","label":"Yes"}]
    ///
    /// A button's purpose follows its label (`"purpose":"call.accept"`) when it has one.
    public mutating func member(_ name: String, _ actions: [Action]) {
        guard !actions.isEmpty else { return }
        key(name)
        beginArray()
        for action in actions {
            element()
            beginObject()
            member("id", action.id)
            member("label", action.label)
            if let purpose = action.purpose { member("purpose", purpose.rawValue) }
            endObject()
        }
        endArray()
    }
}
