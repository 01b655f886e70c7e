extension StringProtocol {
    /// The lines of a config file (xtoast's or a dunstrc), ended by LF or CRLF only, as dunst
    /// reads its files (`getline`). U+2028, U+0085 or a lone CR are characters of their line:
    /// a value holding one must not start a line of its own. (Swift keeps CRLF as one
    /// `Character`, so both endings are single characters here.)
    package func fileLines() -> [SubSequence] {
        split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }
}
