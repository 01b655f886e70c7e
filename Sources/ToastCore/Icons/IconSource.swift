/// Parses the icons' source (`assets/icons/icons.txt`, embedded as `IconSources.text`) into
/// shapes: see that file for the format.
enum IconSource {
    /// One shape of an icon, in unit-square coordinates.
    enum Shape: Equatable, Sendable {
        case ring(center: IconRaster.V, radius: Double, width: Double)
        case disc(center: IconRaster.V, radius: Double)
        case line(IconRaster.V, IconRaster.V, width: Double)
        case outline([IconRaster.V], width: Double)
        case polygon([IconRaster.V])
        case arc(center: IconRaster.V, radius: Double, width: Double, sweep: Double)
    }

    /// A shape and whether it is added to the icon or cut out of what came before.
    struct Step: Equatable, Sendable {
        var shape: Shape
        var cuts: Bool
    }

    struct ParseError: Error, Equatable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "icons.txt:\(line): \(message)" }
    }

    /// The built-in icons, parsed once. The source is checked by a unit test, so a failure
    /// here is a build mistake, not something a user can cause.
    static let builtIn: [IconShape: [Step]] = {
        do { return try parse(IconSources.text) } catch { preconditionFailure("\(error)") }
    }()

    static func parse(_ text: String) throws(ParseError) -> [IconShape: [Step]] {
        var icons: [IconShape: [Step]] = [:]
        var current: IconShape?
        var cutting = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let words = raw.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = words.first else { continue }
            let args = Array(words.dropFirst())
            if keyword == "icon" {
                guard args.count == 1, let shape = IconShape(rawValue: args[0]) else {
                    throw ParseError(line: line, message: "unknown icon \"\(args.joined(separator: " "))\"")
                }
                current = shape
                cutting = false
                icons[shape] = []
                continue
            }
            guard let icon = current else { throw ParseError(line: line, message: "\"\(keyword)\" before any icon") }
            if keyword == "cut" || keyword == "add" {
                cutting = keyword == "cut"
                continue
            }
            var numbers: [Double] = []
            for a in args {
                guard let n = Double(a) else { throw ParseError(line: line, message: "\"\(a)\" is not a number") }
                numbers.append(n)
            }
            func points(_ ns: ArraySlice<Double>) throws(ParseError) -> [IconRaster.V] {
                guard ns.count >= 6, ns.count % 2 == 0 else { throw ParseError(line: line, message: "\(keyword) needs 3 or more points") }
                return stride(from: ns.startIndex, to: ns.endIndex, by: 2).map { IconRaster.V(ns[$0], ns[$0 + 1]) }
            }
            func count(_ n: Int) throws(ParseError) {
                guard numbers.count == n else { throw ParseError(line: line, message: "\(keyword) takes \(n) numbers, got \(numbers.count)") }
            }
            let shape: Shape
            switch keyword {
            case "ring": try count(4); shape = .ring(center: .init(numbers[0], numbers[1]), radius: numbers[2], width: numbers[3])
            case "disc": try count(3); shape = .disc(center: .init(numbers[0], numbers[1]), radius: numbers[2])
            case "line": try count(5); shape = .line(.init(numbers[0], numbers[1]), .init(numbers[2], numbers[3]), width: numbers[4])
            case "arc":
                try count(5)
                shape = .arc(center: .init(numbers[0], numbers[1]), radius: numbers[2], width: numbers[3], sweep: numbers[4] * .pi / 180)
            case "outline":
                guard let width = numbers.first else { throw ParseError(line: line, message: "outline needs a width") }
                shape = .outline(try points(numbers.dropFirst()), width: width)
            case "polygon": shape = .polygon(try points(numbers[...]))
            default: throw ParseError(line: line, message: "unknown shape \"\(keyword)\"")
            }
            icons[icon, default: []].append(Step(shape: shape, cuts: cutting))
        }
        return icons
    }
}
