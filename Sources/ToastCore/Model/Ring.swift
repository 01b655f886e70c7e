/// A double-ended queue on a ring of slots: adding or taking at either end costs O(1)
/// (amortized), where an `Array`'s `removeFirst` moves every element after it. The history
/// (`HistoryLog`) drops its oldest entry as each new one comes, and a full stack's queue
/// (`ToastStack.waiting`) its oldest toast, so both are rings.
///
///     var ring: Ring = [1, 2, 3]
///     ring.append(4); ring.removeFirst()   // [2, 3, 4], nothing moved
///
/// A value type like the standard collections (copy on write): a ring held in two places
/// copies its slots at the next change of either, so the board keeps one of each.
public struct Ring<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    /// Slots, a power of two of them; the elements are `count` slots from `head`, wrapping.
    /// An empty slot holds nil, so a removed element is released at once.
    private var slots: ContiguousArray<Element?> = []
    private var head = 0
    public private(set) var count = 0

    public init() {}
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }
    public init(arrayLiteral elements: Element...) { self.init(elements) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public var isEmpty: Bool { count == 0 }

    @inline(__always) private func slot(_ i: Int) -> Int { (head &+ i) & (slots.count &- 1) }

    public subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "Ring index out of range")
            return slots[slot(i)].unsafelyUnwrapped
        }
        _modify {
            precondition(i >= 0 && i < count, "Ring index out of range")
            let p = slot(i)
            // Moved out and back, so the element is not copied (nor its storage) to change it.
            var element = slots[p].take().unsafelyUnwrapped
            defer { slots[p] = element }
            yield &element
        }
    }

    public var first: Element? { count == 0 ? nil : self[0] }
    public var last: Element? { count == 0 ? nil : self[count - 1] }

    private mutating func grow() {
        guard count == slots.count else { return }
        var bigger = ContiguousArray<Element?>(repeating: nil, count: Swift.max(4, slots.count * 2))
        for i in 0..<count { bigger[i] = slots[slot(i)].take() }
        slots = bigger
        head = 0
    }

    public mutating func append(_ element: Element) {
        grow()
        slots[slot(count)] = element
        count += 1
    }

    public mutating func prepend(_ element: Element) {
        grow()
        head = (head &- 1) & (slots.count &- 1)
        slots[head] = element
        count += 1
    }

    @discardableResult
    public mutating func removeFirst() -> Element {
        precondition(count > 0, "removeFirst from an empty Ring")
        let element = slots[head].take().unsafelyUnwrapped
        head = (head &+ 1) & (slots.count &- 1)
        count -= 1
        return element
    }

    @discardableResult
    public mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast from an empty Ring")
        count -= 1
        return slots[slot(count)].take().unsafelyUnwrapped
    }

    public mutating func removeFirst(_ n: Int) {
        precondition(n >= 0 && n <= count, "removeFirst past the Ring's count")
        for _ in 0..<n { removeFirst() }
    }

    /// Inserts at `i`, moving the elements on the shorter side: O(min(i, count - i)).
    public mutating func insert(_ element: Element, at i: Int) {
        precondition(i >= 0 && i <= count, "Ring index out of range")
        if i == count { return append(element) }
        if i == 0 { return prepend(element) }
        grow()
        if i < count / 2 {
            head = (head &- 1) & (slots.count &- 1)
            for j in 0..<i { slots[slot(j)] = slots[slot(j + 1)].take() }
        } else {
            for j in stride(from: count, to: i, by: -1) { slots[slot(j)] = slots[slot(j - 1)].take() }
        }
        slots[slot(i)] = element
        count += 1
    }

    /// Removes the element at `i`, moving those on the shorter side: O(min(i, count - i)).
    @discardableResult
    public mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < count, "Ring index out of range")
        let element = slots[slot(i)].take().unsafelyUnwrapped
        if i < count / 2 {
            for j in stride(from: i, to: 0, by: -1) { slots[slot(j)] = slots[slot(j - 1)].take() }
            head = (head &+ 1) & (slots.count &- 1)
        } else {
            for j in i..<(count - 1) { slots[slot(j)] = slots[slot(j + 1)].take() }
        }
        count -= 1
        return element
    }

    public mutating func insert<C: Collection>(contentsOf elements: C, at i: Int) where C.Element == Element {
        if i == 0 {
            for element in elements.reversed() { prepend(element) }
        } else {
            for (offset, element) in elements.enumerated() { insert(element, at: i + offset) }
        }
    }

    /// Keeps the elements `remove` says no to, in order: O(count).
    public mutating func removeAll(where remove: (Element) throws -> Bool) rethrows {
        var kept = Ring()
        while !isEmpty {
            let element = removeFirst()
            if try !remove(element) { kept.append(element) }
        }
        self = kept
    }

    public mutating func removeAll() { self = Ring() }
}

extension Ring: Equatable where Element: Equatable {
    public static func == (a: Ring, b: Ring) -> Bool { a.elementsEqual(b) }
}

extension Ring: Sendable where Element: Sendable {}
