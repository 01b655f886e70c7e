/// A rule's regular expression compiled into a Thompson NFA and matched by a Pike VM over the
/// text's bytes: every position is reached once with at most one thread per instruction, so
/// a match costs at most text length × program size steps, whatever the text holds.
/// glibc's backtracking over sets of sub-matches (`regexec`) costs far more on long texts: an
/// ordinary `[^ ]+ has (joined|left)` took 100-150 ms on an 8 KB body. Rules need only whether
/// the pattern matches somewhere, so no thread carries captures and the first match ends the search.
///
/// The program's size is bounded before it is built (`PosixRegex.maxExpansion` on the
/// pattern's written-out size); matching allocates only its two thread lists, per call, so a
/// compiled program is shared read-only.
package struct RegexProgram: Sendable {
    enum Operation: UInt8, Sendable {
        /// Consumes one byte of `sets[argument]`, then goes on at the next instruction.
        case byte
        /// Goes on at both `argument` and `second` (no thread is preferred: any match counts).
        case split
        case jump
        /// Goes on at the next instruction if `RegexAssertion(rawValue: argument)` holds here.
        case assert
        case match
    }

    struct Instruction: Sendable {
        var operation: Operation
        var argument: Int32
        var second: Int32 = 0
    }

    let instructions: [Instruction]
    let sets: [ByteSet]
    /// The pattern needs this many bytes at least: a shorter text cannot match.
    package let minimumLength: Int
    /// Only a match starting at the text's start can succeed (`^...`).
    let anchoredAtStart: Bool
    /// Bytes a match can start with; nil when a match may consume nothing (then every position
    /// is a start). Between threads, the search skips to the next such byte.
    let firstBytes: ByteSet?

    /// The same program as bits of a word, when the pattern is small and plain enough.
    package let bitParallel: RegexBitParallel?

    /// Compiles a parsed pattern; `maxInstructions` bounds what the tree may become.
    /// `bitParallel: false` leaves the fast path out (so the tests can hold both to glibc).
    init(_ node: RegexNode, maxInstructions: Int, bitParallel: Bool = true) throws(RegexError) {
        var compiler = Compiler(maxInstructions: maxInstructions)
        let tree = node.simplified
        try compiler.emit(tree)
        try compiler.append(Instruction(operation: .match, argument: 0))
        instructions = compiler.instructions
        sets = compiler.sets
        minimumLength = tree.minimumLength
        anchoredAtStart = tree.isAnchoredAtStart
        firstBytes = Self.startBytes(compiler.instructions, compiler.sets)
        self.bitParallel = bitParallel ? RegexBitParallel(tree) : nil
    }

    /// The union of the byte sets reachable from the start without consuming, counting every
    /// assertion as holding; nil if the match instruction is reachable that way.
    private static func startBytes(_ program: [Instruction], _ sets: [ByteSet]) -> ByteSet? {
        var seen = [Bool](repeating: false, count: program.count)
        var stack = [0]
        var bytes = ByteSet()
        while let pc = stack.popLast() {
            guard !seen[pc] else { continue }
            seen[pc] = true
            let instruction = program[pc]
            switch instruction.operation {
            case .byte: bytes.formUnion(sets[Int(instruction.argument)])
            case .split: stack += [Int(instruction.argument), Int(instruction.second)]
            case .jump: stack.append(Int(instruction.argument))
            case .assert: stack.append(pc + 1)
            case .match: return nil
            }
        }
        return bytes
    }

    // MARK: Matching

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var steps = 0
        return matches(text, steps: &steps)
    }

    /// `matches`, counting in `steps` the instructions it visited: at most (text length + 1)
    /// × program size, the bound the fuzzer holds it to.
    func matches(_ text: UnsafeBufferPointer<UInt8>, steps: inout Int) -> Bool {
        guard text.count >= minimumLength else { return false }
        if let bitParallel { return bitParallel.matches(text, steps: &steps) }
        let size = instructions.count
        return instructions.withUnsafeBufferPointer { program in
            sets.withUnsafeBufferPointer { sets in
                // Two lists of threads (instructions that consume a byte); per instruction and
                // per `$` flag (below), the step that last reached it, so each is reached once a
                // step; the closure's stack (each reach pushes at most two).
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 8 * size + 2) { scratch in
                    // Unwrapped: the allocation holds at least 2 elements, so it has an address.
                    let current = scratch.baseAddress!, next = current + size
                    let marks = next + size, stack = marks + 2 * size
                    for k in 0..<(2 * size) { marks[k] = -1 }
                    return run(text, program, sets, current, next, marks, stack, &steps)
                }
            }
        }
    }

    /// The Pike VM. `^` and `$` follow glibc (REG_NEWLINE off) exactly: at the text's ends,
    /// and also, where the match itself consumes a newline, right after it (`^`) or right
    /// before it (`$`), which is what glibc's DFA does though its own context check says
    /// otherwise. So a thread that passed a `$` at a newline carries a flag until it
    /// consumes, and cannot end the match while it does.
    private func run(_ text: UnsafeBufferPointer<UInt8>, _ program: UnsafeBufferPointer<Instruction>,
                     _ sets: UnsafeBufferPointer<ByteSet>, _ currentList: UnsafeMutablePointer<Int32>,
                     _ nextList: UnsafeMutablePointer<Int32>, _ marks: UnsafeMutablePointer<Int32>,
                     _ stack: UnsafeMutablePointer<Int32>, _ steps: inout Int) -> Bool {
        var current = currentList, next = nextList
        var count = 0
        let n = text.count
        var position = 0
        let word = ByteSet.word
        let newline = UInt8(ascii: "\n")

        /// Adds the thread at `start` and everything it reaches without consuming, at
        /// `position`; `afterNewline` when it got here by consuming a newline. True when that
        /// reaches the match. Stack entries are instruction × 2 + the `$` flag.
        func add(_ start: Int32, to list: UnsafeMutablePointer<Int32>, _ listCount: inout Int, step: Int32,
                 at position: Int, afterNewline: Bool) -> Bool {
            stack[0] = start << 1
            var depth = 1
            while depth > 0 {
                depth -= 1
                let entry = Int(stack[depth])
                if marks[entry] == step { continue }
                marks[entry] = step
                steps &+= 1
                let pc = entry >> 1, flag = Int32(entry & 1)
                let instruction = program[pc]
                switch instruction.operation {
                case .byte:
                    // Listed once a step, whichever flag reached it first.
                    if marks[entry ^ 1] != step {
                        list[listCount] = Int32(pc)
                        listCount += 1
                    }
                case .split:
                    stack[depth] = instruction.second << 1 | flag
                    stack[depth + 1] = instruction.argument << 1 | flag
                    depth += 2
                case .jump:
                    stack[depth] = instruction.argument << 1 | flag
                    depth += 1
                case .assert:
                    var holds: Bool
                    var nextFlag = flag
                    // Unwrapped: an `.assert` instruction's argument is an assertion's raw value (`init`).
                    switch RegexAssertion(rawValue: UInt8(truncatingIfNeeded: instruction.argument))! {
                    case .textStart: holds = position == 0
                    case .textEnd: holds = position == n
                    case .lineStart: holds = position == 0 || afterNewline
                    case .lineEnd:
                        holds = position == n || text[position] == newline
                        if position < n { nextFlag = 1 }
                    case let assertion:
                        holds = assertion.holds(before: position == 0 ? nil : word.contains(text[position - 1]),
                                                after: position == n ? nil : word.contains(text[position]))
                    }
                    if holds {
                        stack[depth] = Int32(pc + 1) << 1 | nextFlag
                        depth += 1
                    }
                case .match:
                    if flag == 0 { return true }
                }
            }
            return false
        }

        // A list's step is the position its threads stand at, so no two lists share one. A
        // new start is added after the threads that consumed their way here, which may pass a
        // `^` it cannot: what they reached first needs no second visit.
        if add(0, to: current, &count, step: 0, at: 0, afterNewline: false) { return true }
        while position < n {
            if count == 0 {
                // No thread alive: only a new start can match, at a byte a match can begin with.
                guard !anchoredAtStart else { return false }
                if let firstBytes {
                    var k = position
                    while k < n, !firstBytes.contains(text[k]) { k += 1 }
                    guard k < n else { return false }
                    if k != position {
                        position = k
                        if add(0, to: current, &count, step: Int32(position), at: position, afterNewline: false) { return true }
                        continue
                    }
                }
            }
            let byte = text[position]
            var nextCount = 0
            let step = Int32(position + 1)
            for t in 0..<count {
                let pc = Int(current[t])
                if sets[Int(program[pc].argument)].contains(byte),
                   add(Int32(pc + 1), to: next, &nextCount, step: step, at: position + 1, afterNewline: byte == newline) {
                    return true
                }
            }
            position += 1
            if !anchoredAtStart, add(0, to: next, &nextCount, step: step, at: position, afterNewline: false) { return true }
            swap(&current, &next)
            count = nextCount
        }
        return false
    }

    // MARK: Compiling

    private struct Compiler {
        let maxInstructions: Int
        var instructions: [Instruction] = []
        var sets: [ByteSet] = []
        var setIndex: [ByteSet: Int32] = [:]

        init(maxInstructions: Int) { self.maxInstructions = maxInstructions }

        mutating func append(_ instruction: Instruction) throws(RegexError) {
            guard instructions.count < maxInstructions else {
                throw RegexError("it compiles to more than \(maxInstructions) instructions")
            }
            instructions.append(instruction)
        }

        var here: Int32 { Int32(instructions.count) }

        mutating func emit(_ node: RegexNode) throws(RegexError) {
            switch node {
            case .empty:
                break
            case let .byte(set):
                let index: Int32
                if let known = setIndex[set] {
                    index = known
                } else {
                    index = Int32(sets.count)
                    sets.append(set)
                    setIndex[set] = index
                }
                try append(Instruction(operation: .byte, argument: index))
            case let .assertion(assertion):
                try append(Instruction(operation: .assert, argument: Int32(assertion.rawValue)))
            case let .sequence(items):
                for item in items { try emit(item) }
            case let .alternation(branches):
                // split L1, next; L1: branch; jump end; next: split ... ; last branch; end:
                var jumps: [Int] = []
                for (k, branch) in branches.enumerated() {
                    if k < branches.count - 1 {
                        let split = instructions.count
                        try append(Instruction(operation: .split, argument: here + 1))
                        try emit(branch)
                        jumps.append(instructions.count)
                        try append(Instruction(operation: .jump, argument: 0))
                        instructions[split].second = here
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { instructions[jump].argument = here }
            case let .repetition(body, min, max):
                try emitRepetition(body, min: min, max: max)
            }
        }

        mutating func emitRepetition(_ body: RegexNode, min: Int, max: Int?) throws(RegexError) {
            guard let max else {
                if min == 0 {
                    // L: split L1, end; L1: body; jump L; end:
                    let loop = instructions.count
                    try append(Instruction(operation: .split, argument: here + 1))
                    try emit(body)
                    try append(Instruction(operation: .jump, argument: Int32(loop)))
                    instructions[loop].second = here
                } else {
                    // body × (min - 1), then L: body; split L, end
                    for _ in 0..<(min - 1) { try emit(body) }
                    let loop = here
                    try emit(body)
                    try append(Instruction(operation: .split, argument: loop, second: here + 1))
                }
                return
            }
            for _ in 0..<min { try emit(body) }
            // Each optional copy: split L, end; L: body. Every split skips to the same end.
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(instructions.count)
                try append(Instruction(operation: .split, argument: here + 1))
                try emit(body)
            }
            for split in splits { instructions[split].second = here }
        }
    }
}

extension RegexNode {
    /// The same language with nothing that matches only the empty text kept as structure and
    /// simple repetitions of repetitions merged (`a**` is `a*`, `(a|)` is `a?`), so the
    /// program's size follows the pattern's bytes and counts, not its punctuation.
    var simplified: RegexNode {
        switch self {
        case .empty, .byte, .assertion:
            return self
        case let .sequence(items):
            var flat: [RegexNode] = []
            for item in items {
                switch item.simplified {
                case .empty: continue
                case let .sequence(inner): flat += inner
                case let other: flat.append(other)
                }
            }
            return flat.isEmpty ? .empty : flat.count == 1 ? flat[0] : .sequence(flat)
        case let .alternation(branches):
            var flat: [RegexNode] = []
            var optional = false
            for branch in branches {
                switch branch.simplified {
                case .empty: optional = true
                case let .alternation(inner): flat += inner
                case let other: flat.append(other)
                }
            }
            if flat.isEmpty { return .empty }
            let choice = flat.count == 1 ? flat[0] : .alternation(flat)
            return optional ? RegexNode.repetition(choice, min: 0, max: 1).simplified : choice
        case let .repetition(body, min, max):
            let inner = body.simplified
            if inner == .empty || max == 0 { return .empty }
            if min == 1, max == 1 { return inner }
            if Self.isSimple(min, max), case let .repetition(innerBody, innerMin, innerMax) = inner, Self.isSimple(innerMin, innerMax) {
                // x** is x*, x++ is x+, x?? is x?; any other pair of * + ? is *.
                if innerMin == min && innerMax == max { return inner }
                return .repetition(innerBody, min: 0, max: nil)
            }
            return .repetition(inner, min: min, max: max)
        }
    }

    /// `*`, `+` or `?`.
    private static func isSimple(_ min: Int, _ max: Int?) -> Bool {
        (min == 0 && max == nil) || (min == 1 && max == nil) || (min == 0 && max == 1)
    }

    /// Every match starts at the text's start: the first thing of every way through is `^`.
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(.textStart), .assertion(.lineStart): return true
        case .empty, .byte, .assertion: return false
        case let .sequence(items): return items.first?.isAnchoredAtStart ?? false
        case let .alternation(branches): return branches.allSatisfy(\.isAnchoredAtStart)
        case let .repetition(body, min, _): return min >= 1 && body.isAnchoredAtStart
        }
    }
}
