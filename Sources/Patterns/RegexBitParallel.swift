/// The fast path of `RegexProgram` for the patterns rules are made of: at most 64 bytes,
/// classes and dots once written out, no anchor but a leading `^` and a trailing `$`. The
/// threads are the bits of one word: a byte costs a table lookup, an AND, and an OR per live
/// thread of what it leads to (each instruction's closure, worked out once), where the Pike
/// VM walks splits and jumps again for every byte. Same answers (the differential test runs
/// both against glibc).
package struct RegexBitParallel: Sendable {
    /// Each byte's class: bytes every instruction treats alike share one.
    private let classOf: [UInt8]
    /// Per class, the threads (bits) whose byte set holds it.
    private let accepts: [UInt64]
    /// Per thread, the threads it leads to once it consumed its byte.
    private let follow: [UInt64]
    /// Threads that reach the match once they consumed their byte.
    private let finishing: UInt64
    /// The threads a match starts with, and whether it may match the empty text.
    private let start: UInt64
    private let startFinishes: Bool
    /// `^...`: only a match from the text's start; `...$`: only one to its end.
    private let anchoredStart: Bool
    private let anchoredEnd: Bool
    /// Bytes some starting thread consumes (the search skips to the next such byte).
    private let startBytes: ByteSet

    /// Nil when the pattern is not of that kind.
    init?(_ tree: RegexNode) {
        var items: [RegexNode]
        if case let .sequence(all) = tree { items = all } else { items = [tree] }
        var anchoredStart = false, anchoredEnd = false
        if case let .assertion(first)? = items.first, first == .lineStart || first == .textStart {
            anchoredStart = true
            items.removeFirst()
        }
        if case let .assertion(last)? = items.last, last == .lineEnd || last == .textEnd {
            anchoredEnd = true
            items.removeLast()
        }
        let core: RegexNode = items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
        guard core.expandedSize(limit: 64) <= 64, !core.hasAssertion,
              let program = try? RegexProgram(core, maxInstructions: 64 * 4 + 1, bitParallel: false) else { return nil }
        let instructions = program.instructions
        // Bit k is the k-th byte instruction.
        var bit = [Int](repeating: -1, count: instructions.count)
        var byteInstructions: [Int] = []
        for (pc, instruction) in instructions.enumerated() where instruction.operation == .byte {
            bit[pc] = byteInstructions.count
            byteInstructions.append(pc)
        }
        guard byteInstructions.count <= 64 else { return nil }

        /// The threads reachable from `pc` without consuming, and whether the match is.
        func closure(_ pc: Int) -> (UInt64, Bool) {
            var seen = [Bool](repeating: false, count: instructions.count)
            var stack = [pc], threads: UInt64 = 0, finishes = false
            while let at = stack.popLast() {
                guard !seen[at] else { continue }
                seen[at] = true
                let instruction = instructions[at]
                switch instruction.operation {
                case .byte: threads |= 1 << UInt64(bit[at])
                case .split: stack += [Int(instruction.second), Int(instruction.argument)]
                case .jump: stack.append(Int(instruction.argument))
                case .assert: return (0, false)   // ruled out above
                case .match: finishes = true
                }
            }
            return (threads, finishes)
        }
        var follow: [UInt64] = [], finishing: UInt64 = 0
        for (k, pc) in byteInstructions.enumerated() {
            let (threads, finishes) = closure(pc + 1)
            follow.append(threads)
            if finishes { finishing |= 1 << UInt64(k) }
        }
        (start, startFinishes) = closure(0)

        var classOf = [UInt8](repeating: 0, count: 256)
        var accepts: [UInt64] = []
        var classes: [UInt64: UInt8] = [:]
        var startBytes = ByteSet()
        for byte in 0...255 {
            var mask: UInt64 = 0
            for (k, pc) in byteInstructions.enumerated() where program.sets[Int(instructions[pc].argument)].contains(UInt8(byte)) {
                mask |= 1 << UInt64(k)
            }
            if mask & start != 0 { startBytes.insert(UInt8(byte)) }
            if let known = classes[mask] {
                classOf[byte] = known
            } else {
                classes[mask] = UInt8(accepts.count)
                classOf[byte] = UInt8(accepts.count)
                accepts.append(mask)
            }
        }
        self.classOf = classOf
        self.accepts = accepts
        self.follow = follow
        self.finishing = finishing
        self.anchoredStart = anchoredStart
        self.anchoredEnd = anchoredEnd
        self.startBytes = startBytes
    }

    /// Whether the pattern matches anywhere in `text`; `steps` counts a step per byte and per
    /// live thread, as the Pike VM counts instructions.
    func matches(_ text: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Bool {
        let n = text.count
        // The empty match: at the start, or (unanchored) at the end.
        if startFinishes, !anchoredEnd || !anchoredStart || n == 0 { return true }
        return classOf.withUnsafeBufferPointer { classOf in
            accepts.withUnsafeBufferPointer { accepts in
                follow.withUnsafeBufferPointer { follow in
                    var threads = start
                    var i = 0
                    while i < n {
                        if !anchoredStart, threads == start {
                            // Only new starts alive: skip to a byte one of them consumes.
                            while i < n, !startBytes.contains(text[i]) { i += 1 }
                            if i == n { return false }
                        }
                        let live = threads & accepts[Int(classOf[Int(text[i])])]
                        steps &+= 1 + live.nonzeroBitCount
                        if live & finishing != 0, !anchoredEnd || i == n - 1 { return true }
                        var next: UInt64 = 0
                        var bits = live
                        while bits != 0 {
                            next |= follow[bits.trailingZeroBitCount]
                            bits &= bits &- 1
                        }
                        i += 1
                        if anchoredStart {
                            if next == 0 { return false }
                        } else {
                            next |= start
                        }
                        threads = next
                    }
                    return false
                }
            }
        }
    }
}

extension RegexNode {
    var hasAssertion: Bool {
        switch self {
        case .assertion: return true
        case .empty, .byte: return false
        case let .sequence(items), let .alternation(items): return items.contains { $0.hasAssertion }
        case let .repetition(body, _, _): return body.hasAssertion
        }
    }
}
