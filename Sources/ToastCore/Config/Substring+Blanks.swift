/// Config files and X resources separate values with spaces and tabs only; no Foundation here.
extension Substring {
    /// Without leading and trailing spaces and tabs.
    package func trimmingBlanks() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }),
              let end = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[start...end]
    }
}
