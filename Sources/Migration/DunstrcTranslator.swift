import ToastCore

/// `xtoast import-dunstrc`: a dunst configuration turned into an equivalent xtoast one.
///
/// `[global]` gives the geometry (`origin` and `offset`, or the older `geometry`, become
/// `position` and `margin`), `width`, `frame_width`, `corner_radius`, `font`, `follow`,
/// `gap_size`, `padding`, `scale` and `notification_limit`; `[urgency_normal]` and
/// `[urgency_critical]` give the timeout and the accent colour of their kind (normal: every
/// kind's default, critical: `error`, as `NotificationMapping.kind` chooses kinds), and
/// `[urgency_low]` a rule matching low urgency (a low toast keeps its category's kind, drawn
/// muted, so no kind stands for it): its timeout and colour as the rule's settings. Each
/// section's `default_icon` is a rule too. Every other section is a rule: its filters become `match` lines (a glob as `=`, or
/// `~` when `enable_posix_regex` is on) and its settings xtoast's.
///
/// What has no xtoast equivalent is left out and named in a diagnostic,
/// `dunstrc:LINE: not translated: KEY (why)`. A rule one of whose filters cannot be
/// translated is left out whole: without that filter it would match more than it did.
///
/// Pure: text in, text out; the client reads the file and prints the result.
public enum DunstrcTranslator {
    public struct Result: Equatable, Sendable {
        /// An xtoast config file.
        public var config: String
        /// `NAME:LINE: not translated: KEY (why)`, in line order.
        public var diagnostics: [String]
        /// Names looked up to make the rules' names unique, for the test that the import is
        /// linear in the rules (counted, not timed).
        var nameProbes = 0
    }

    /// `name` starts each diagnostic (`dunstrc` unless the caller names the file); `home`
    /// replaces a leading `~` in script paths, as dunst's own expansion did (xtoast runs a
    /// script without a shell, which would leave it as it is).
    public static func translate(_ text: String, name: String = "dunstrc", home: String? = nil) -> Result {
        var translation = Translation(dunstrc: Dunstrc(text), name: name, home: home)
        translation.run()
        return Result(config: translation.output(), diagnostics: translation.notes.sorted { $0.line < $1.line }.map {
            "\(name):\($0.line): not translated: \($0.key) (\($0.why))"
        }, nameProbes: translation.nameProbes)
    }
}

/// One translation under way: the xtoast sections being filled, and what was left out.
private struct Translation {
    let dunstrc: Dunstrc
    let name: String
    let home: String?
    /// xtoast section name → its lines, in the order sections are first written.
    var sections: [(name: String, lines: [String])] = []
    /// Each rule's lines, its `[rule NAME]` first; add with `addRule`.
    private(set) var rules: [[String]] = []
    /// The rules' names, lowercased (names compare case-insensitively).
    private var takenNames: Set<String> = []
    /// Per name (lowercased), the suffix `ruleName` tries next: the ones before it are taken.
    private var nextSuffix: [String: Int] = [:]
    /// Lookups of `takenNames` and `nextSuffix` so far (`Result.nameProbes`).
    private(set) var nameProbes = 0
    var notes: [(line: Int, key: String, why: String)] = []
    var regex = false
    /// What the rules so far cost the worst toast (`RuleBudget`).
    var budget = RuleBudget()

    init(dunstrc: Dunstrc, name: String, home: String?) {
        self.dunstrc = dunstrc
        self.name = name
        self.home = home
    }

    static let urgencySections = ["urgency_low": (Urgency.low, "info"), "urgency_normal": (Urgency.normal, "info"),
                                  "urgency_critical": (Urgency.critical, "error")]
    /// Sections of older dunst versions or of features xtoast lacks, never rules.
    static let otherSections: [String: String] = [
        "experimental": "dunst's experimental options have no xtoast equivalent",
        "shortcuts": "xtoast has no keyboard shortcuts of its own",
        "frame": "an old dunst section; set xtoast's [card] border_width instead",
    ]

    mutating func run() {
        for (line, why) in dunstrc.malformed { notes.append((line, "line", "dunst skips it too: \(why)")) }
        let global = dunstrc.section("global")
        regex = global?.value("enable_posix_regex").flatMap(Self.bool) ?? false
        if let global { translateGlobal(global) }
        for section in dunstrc.sections where section.name != "global" {
            if let (urgency, kind) = Self.urgencySections[section.name] {
                translateUrgency(section, urgency: urgency, kind: kind, global: global)
            } else if let why = Self.otherSections[section.name] {
                note(section.line, "[\(section.name)]", why)
            } else {
                translateRule(section)
            }
        }
        writeDunstColors(global: global)
    }

    /// dunst's built-in colours per urgency (`settings_data.h`), written where the dunstrc
    /// sets none, so a dunst card looks as it did: a critical one dark red with a red frame.
    /// A colour `[global]` sets stands for every urgency (`[card]`) and is not overwritten.
    static let dunstColors: [(Urgency, [CardColors.Part: String])] = [
        (.low, [.background: "#222222", .foreground: "#888888", .frame: "#888888", .highlight: "#7F7FFF"]),
        (.normal, [.background: "#285577", .foreground: "#FFFFFF", .frame: "#888888", .highlight: "#1745D1"]),
        (.critical, [.background: "#900000", .foreground: "#FFFFFF", .frame: "#FF0000", .highlight: "#FF6666"]),
    ]

    mutating func writeDunstColors(global: Dunstrc.Section?) {
        for (urgency, colors) in Self.dunstColors {
            let section = dunstrc.section("urgency_\(urgency.rawValue)")
            for part in CardColors.Part.allCases {
                guard global?.entry(part.rawValue) == nil, section?.entry(part.rawValue) == nil, let color = colors[part] else { continue }
                set("colors", "\(urgency.rawValue).\(part.rawValue)", color)
            }
        }
    }

    // MARK: [global]

    mutating func translateGlobal(_ global: Dunstrc.Section) {
        var used: Set<String> = ["enable_posix_regex"]
        func take(_ key: String) -> Dunstrc.Entry? {
            used.insert(key)
            return global.entry(key)
        }
        // Geometry: the newer origin/offset pair wins over the old geometry string, as in dunst.
        if let origin = take("origin") {
            if let position = Self.position(origin: origin.value) {
                set("general", "position", position.rawValue)
            } else {
                note(origin.line, "origin", "xtoast stacks at a corner or the middle of the top or bottom edge, not '\(origin.value)'")
            }
            if let offset = take("offset") {
                if let (x, y) = Self.pair(offset.value) { setMargin(x, y, line: offset.line, key: "offset") } else {
                    note(offset.line, "offset", "expected WIDTHxHEIGHT, got '\(offset.value)'")
                }
            }
            used.insert("geometry")
            if let geometry = global.entry("geometry") { note(geometry.line, "geometry", "origin and offset replace it, as in dunst") }
        } else if let geometry = take("geometry") {
            translateGeometry(geometry)
            if let offset = take("offset") { note(offset.line, "offset", "goes with origin, which is not set") }
        } else if let offset = take("offset") {
            if let (x, y) = Self.pair(offset.value) { setMargin(x, y, line: offset.line, key: "offset") }
        } else {
            // dunst's own: top-right, 10 px from the side and 50 from the top.
            setMargin(10, 50, line: 0, key: "offset")
        }
        translateOrder(sort: take("sort"), origin: global.value("origin") ?? "top-right")
        translateText(take: take)
        for button in ["left", "middle", "right"] { translateMouse(button, take("mouse_\(button)_click")) }
        for part in CardColors.Part.allCases {
            guard let entry = take(part.rawValue) else { continue }
            if let color = Self.color(entry.value) { set("card", part.rawValue, color) }
            else { note(entry.line, entry.key, "expected #RRGGBB, got '\(entry.value)'") }
        }
        if let width = take("width") {
            // `(min, max)` is a dynamic width; xtoast's cards have one width, so the widest.
            let numbers = width.value.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
            if let widest = numbers.max() { setNumber("card", "width", widest, line: width.line, key: "width",
                                                      range: ConfigLimits.minimumCardWidth...ConfigLimits.cardWidth) }
            else { note(width.line, "width", "expected a number or (MIN, MAX), got '\(width.value)'") }
        }
        if let entry = take("frame_width") { setNumber("card", "border_width", entry, range: 0...ConfigLimits.borderWidth) }
        if let entry = take("corner_radius") { setNumber("card", "radius", entry, range: 0...ConfigLimits.radius) }
        if let entry = take("gap_size") { setNumber("card", "gap", entry, range: 0...ConfigLimits.gap) }
        if let entry = take("padding") { setNumber("card", "padding", entry, range: 0...ConfigLimits.padding) }
        if let entry = take("font") { translateFont(entry) }
        if let entry = take("follow") {
            if let follow = FollowRule(rawValue: entry.value.lowercased()) { set("general", "follow", follow.rawValue) }
            else { note(entry.line, "follow", "expected mouse, keyboard or none, got '\(entry.value)'") }
        }
        if let entry = take("scale") {
            if entry.value == "0" { set("general", "scale", "auto") }
            else { setNumber("general", "scale", entry, range: Scale.range) }
        }
        // dunst's default limit is 20; 0 is as many as the screen holds, as xtoast's 0.
        let limitEntry = take("notification_limit")
        if let limit = Int(limitEntry?.value ?? "20"), limit >= 0 {
            set("general", "max_visible", String(min(limit, ConfigLimits.maxVisible)))
            if limit > ConfigLimits.maxVisible, let entry = limitEntry {
                note(entry.line, "notification_limit", "xtoast shows at most \(ConfigLimits.maxVisible) a stack, or as many as fit with 0; set to \(ConfigLimits.maxVisible)")
            }
        } else if let entry = limitEntry {
            note(entry.line, "notification_limit", "expected a number, got '\(entry.value)'")
        }
        for entry in global.entries where !used.contains(entry.key) {
            if let same = Self.asOnXtoast[entry.key], same.contains(entry.value.lowercased()) { continue }
            note(entry.line, entry.key, Self.globalReasons[entry.key] ?? "xtoast has no such setting")
        }
        noteRepeats(global)
    }

    /// Values that ask for what xtoast does anyway: nothing to translate, nothing lost.
    static let asOnXtoast: [String: Set<String>] = [
        "transparency": ["0"], "always_run_script": ["true", "yes"], "progress_bar": ["true", "yes"],
    ]

    static let globalReasons: [String: String] = [
        "always_run_script": "xtoast runs a rule's script for every toast it matches, dropped ones too",
        "monitor": "xtoast shows toasts on the primary monitor unless follow says otherwise",
        "height": "a card is as tall as its text",
        "icon_position": "the icon is always at the card's leading edge",
        "transparency": "xtoast's cards are opaque",
        "history_length": "xtoast keeps [center] keep (1000 by default) across restarts",
        "progress_bar": "xtoast always draws a progress bar for the value hint",
    ]

    mutating func translateGeometry(_ entry: Dunstrc.Entry) {
        // `[{width}][x{height}][+/-{x}[+/-{y}]]`, e.g. `300x5-30+20`: a negative x counts from
        // the right edge, a negative y from the bottom.
        let value = entry.value
        let sizeEnd = value.firstIndex(where: { $0 == "+" || $0 == "-" }) ?? value.endIndex
        let size = value[..<sizeEnd].split(separator: "x", omittingEmptySubsequences: false)
        if let width = size.first.flatMap({ Double($0) }) {
            if width == 0 { note(entry.line, "geometry", "a width of 0 is the whole screen's; xtoast's cards are at most \(Int(ConfigLimits.cardWidth)) px") }
            else { setNumber("card", "width", width, line: entry.line, key: "geometry",
                             range: ConfigLimits.minimumCardWidth...ConfigLimits.cardWidth) }
        }
        var offsets: [(negative: Bool, value: Double)] = []
        var rest = value[sizeEnd...]
        while let sign = rest.first {
            rest = rest.dropFirst()
            let digits = rest.prefix { $0.isNumber }
            rest = rest.dropFirst(digits.count)
            offsets.append((sign == "-", Double(digits) ?? 0))
        }
        let right = offsets.first?.negative ?? false, bottom = offsets.count > 1 && offsets[1].negative
        let position: Position = bottom ? (right ? .bottomRight : .bottomLeft) : (right ? .topRight : .topLeft)
        set("general", "position", position.rawValue)
        setMargin(offsets.first?.value ?? 0, offsets.count > 1 ? offsets[1].value : 0, line: entry.line, key: "geometry")
    }

    /// dunst's offset from the side (`x`) and from the top or bottom (`y`); a negative one
    /// puts dunst's window off screen, which xtoast does not: it counts as 0.
    mutating func setMargin(_ x: Double, _ y: Double, line: Int, key: String) {
        if x == y {
            setNumber("card", "margin", max(0, x), line: line, key: key, range: 0...ConfigLimits.margin)
        } else {
            setNumber("card", "margin_x", max(0, x), line: line, key: key, range: 0...ConfigLimits.margin)
            setNumber("card", "margin_y", max(0, y), line: line, key: key, range: 0...ConfigLimits.margin)
        }
    }

    /// dunst draws its list top to bottom whichever edge it sits at: the oldest (and with
    /// `sort`, the most urgent) at the top, nearest the edge at the top of the screen and
    /// farthest from it at the bottom; `update` puts the latest change at the edge either way.
    mutating func translateOrder(sort: Dunstrc.Entry?, origin: String) {
        let bottom = origin.lowercased().hasPrefix("bottom")
        let edge = bottom ? StackDirection.newestAtEdge : .oldestAtEdge
        switch sort?.value.lowercased() ?? "true" {
        case "true", "yes", "urgency_descending":
            set("general", "sort", StackSort.urgency.rawValue)
            set("general", "stack", edge.rawValue)
        case "false", "no", "id":
            set("general", "sort", StackSort.arrival.rawValue)
            set("general", "stack", edge.rawValue)
        case "update":
            set("general", "sort", StackSort.update.rawValue)
            set("general", "stack", StackDirection.newestAtEdge.rawValue)
        default:
            set("general", "sort", StackSort.arrival.rawValue)
            set("general", "stack", edge.rawValue)
            if let sort {
                note(sort.line, "sort", "xtoast's sort = urgency puts critical cards first; '\(sort.value)' (low first) has no equivalent, so they come by arrival")
            }
        }
    }

    /// `format` (dunst's default when unset: the title in bold over the message, no
    /// application line), `markup`, `alignment`, `ellipsize`, `ignore_newline`.
    mutating func translateText(take: (String) -> Dunstrc.Entry?) {
        let format = take("format")
        if let format, format.value.isEmpty {
            note(format.line, "format", "an empty format hides every card in dunst; xtoast shows them with its own layout")
        } else if let format, format.value.utf8.count > CardFormat.maxBytes {
            note(format.line, "format", "longer than xtoast's \(CardFormat.maxBytes) bytes")
        } else {
            set("text", "format", Self.quoted(format?.value ?? CardFormat.dunstDefault))
        }
        let choices: [(String, [String])] = [("markup", MarkupMode.allCases.map(\.rawValue)),
                                             ("alignment", TextAlignment.allCases.map(\.rawValue)),
                                             ("ellipsize", EllipsizePlace.allCases.map(\.rawValue))]
        for (key, names) in choices {
            guard let entry = take(key) else { continue }
            var value = entry.value.lowercased()
            if key == "markup" { value = ["yes": "full", "true": "full", "false": "no"][value] ?? value }
            if names.contains(value) { set("text", key, value) }
            else { note(entry.line, key, "expected \(names.joined(separator: ", ")), got '\(entry.value)'") }
        }
        if let entry = take("ignore_newline"), let value = boolean(entry) { set("text", "ignore_newline", value ? "yes" : "no") }
    }

    /// dunst's `mouse_*_click`, or its defaults (left: close_current, middle: do_action,
    /// close_current, right: close_all). `remove_current` also drops the notification from
    /// dunst's history; xtoast's close keeps it there.
    mutating func translateMouse(_ button: String, _ entry: Dunstrc.Entry?) {
        let defaults = ["left": "close_current", "middle": "do_action, close_current", "right": "close_all"]
        let value = (entry?.value ?? defaults[button] ?? "none").lowercased().replacingAll("-", with: "_")
        let words = value.split(separator: ",").map { $0.trimmingWhitespace() }
            .map { $0 == "remove_current" ? "close_current" : String($0) }
        guard let actions = MouseBindings.parse(words.joined(separator: ", ")) else {
            if let entry { note(entry.line, entry.key, "expected none, do_action, close_current, close_all, context, context_all or open_url, got '\(entry.value)'") }
            return
        }
        set("mouse", "\(button)_click", actions.isEmpty ? "none" : actions.map(\.rawValue).joined(separator: ", "))
    }

    mutating func translateFont(_ entry: Dunstrc.Entry) {
        // A Pango description, `Family [Style...] [Size]`; fontconfig spells styles `:bold`.
        var words = entry.value.split(separator: " ").map(String.init)
        var size: Double?
        if let last = words.last, let number = Double(last.hasSuffix("px") ? String(last.dropLast(2)) : last) {
            size = number
            words.removeLast()
        }
        var styles: [String] = []
        while let last = words.last, Self.fontStyles.contains(last.lowercased()), words.count > 1 {
            styles.insert(last.lowercased(), at: 0)
            words.removeLast()
        }
        if !words.isEmpty { set("font", "family", ([words.joined(separator: " ")] + styles).joined(separator: ":")) }
        if let size {
            if (0...ConfigLimits.fontSize).contains(size), size > 0 { set("font", "size", Self.format(size)) }
            else { note(entry.line, "font", "size \(Self.format(size)) is outside xtoast's more than 0, at most \(Int(ConfigLimits.fontSize))") }
        }
    }

    static let fontStyles: Set<String> = ["bold", "italic", "oblique", "light", "medium", "semibold", "semi-bold",
                                          "thin", "heavy", "black", "condensed", "regular", "book", "ultra-light", "ultra-bold"]

    // MARK: [urgency_*]

    mutating func translateUrgency(_ section: Dunstrc.Section, urgency: Urgency, kind: String, global: Dunstrc.Section?) {
        var used: Set<String> = []
        // Low urgency has no kind of its own: what its section sets becomes one rule's settings.
        var lowRule: [String] = []
        if let entry = section.entry("timeout") {
            used.insert("timeout")
            if let seconds = Self.seconds(entry.value) {
                switch urgency {
                case .low:
                    if (0...ConfigLimits.timeout).contains(seconds) { lowRule.append("timeout = \(Self.format(seconds))") }
                    else { note(entry.line, "timeout", "\(Self.format(seconds)) s is outside xtoast's 0 to \(Self.format(ConfigLimits.timeout))") }
                case .normal: setNumber("general", "timeout", seconds, line: entry.line, key: "timeout", range: 0...ConfigLimits.timeout)
                case .critical:
                    if seconds != 0 { note(entry.line, "timeout", "critical toasts never expire on xtoast, as the notification specification advises") }
                }
            } else {
                note(entry.line, "timeout", "expected a duration such as 10, 500ms or 2m, got '\(entry.value)'")
            }
        }
        // The card's colours, as dunst draws them: its fill, text, frame and progress bar.
        for part in CardColors.Part.allCases {
            guard let entry = section.entry(part.rawValue) else { continue }
            used.insert(part.rawValue)
            if let color = Self.color(entry.value) { set("colors", "\(urgency.rawValue).\(part.rawValue)", color) }
            else { note(entry.line, entry.key, "expected #RRGGBB, got '\(entry.value)'") }
        }
        if let entry = section.entry("default_icon") {
            used.insert("default_icon")
            if urgency == .low { lowRule.append("default_icon = \(Self.quoted(entry.value))") }
            else { addRule(["[rule dunst \(section.name)]", "match urgency = \(urgency.rawValue)", "default_icon = \(Self.quoted(entry.value))"], from: section) }
        }
        if !lowRule.isEmpty { addRule(["[rule dunst \(section.name)]", "match urgency = low"] + lowRule, from: section) }
        for entry in section.entries where !used.contains(entry.key) {
            note(entry.line, entry.key, "xtoast has no such setting per urgency")
        }
        noteRepeats(section)
    }

    // MARK: Rules

    static let filters: [String: RuleField] = [
        "appname": .app, "summary": .summary, "body": .body, "icon": .icon, "category": .category,
        "desktop_entry": .desktopEntry, "msg_urgency": .urgency, "stack_tag": .stackTag, "match_transient": .transient,
    ]

    mutating func translateRule(_ section: Dunstrc.Section) {
        var lines = ["[rule \(ruleName(section.name))]"]
        var settings: [String] = []
        var skipDisplay = false, skipHistory = false
        for entry in section.entries where section.entry(entry.key)?.line == entry.line {
            if let field = Self.filters[entry.key] {
                var refusal: String?
                guard let match = matchLine(field, entry, refusal: &refusal) else {
                    let why = refusal.map { ": \($0)" } ?? ""
                    note(section.line, "[\(section.name)]", "its \(entry.key) filter cannot be translated\(why); without it the rule would match more")
                    return
                }
                lines.append(match)
                continue
            }
            if entry.key.hasPrefix("match_") {
                note(section.line, "[\(section.name)]", "its \(entry.key) filter has no xtoast equivalent, and without it the rule would match more")
                return
            }
            switch entry.key {
            case "timeout":
                if let seconds = Self.seconds(entry.value), (0...ConfigLimits.timeout).contains(seconds) {
                    settings.append("timeout = \(Self.format(seconds))")
                } else { note(entry.line, "timeout", "expected a duration such as 10, 500ms or 2m, got '\(entry.value)'") }
            case "urgency":
                if let urgency = Urgency(rawValue: entry.value.lowercased()) { settings.append("urgency = \(urgency.rawValue)") }
                else { note(entry.line, "urgency", "expected low, normal or critical, got '\(entry.value)'") }
            case "skip_display":
                if let value = boolean(entry) { skipDisplay = skipDisplay || value }
            case "history_ignore":
                if let value = boolean(entry) { skipHistory = skipHistory || value }
            case "format":
                // An empty format shows nothing: the toast is kept in history only.
                if entry.value.isEmpty { skipDisplay = true }
                else if entry.value.utf8.count <= CardFormat.maxBytes { settings.append("format = \(Self.quoted(entry.value))") }
                else { note(entry.line, "format", "longer than xtoast's \(CardFormat.maxBytes) bytes") }
            case "hide_text":
                if let value = boolean(entry) { settings.append("hide_text = \(value ? "yes" : "no")") }
            case "icon_position":
                switch entry.value.lowercased() {
                case "off": settings.append("icon_position = off")
                case "left": settings.append("icon_position = left")
                default: note(entry.line, "icon_position", "xtoast draws the icon at the card's leading edge or not at all (off)")
                }
            case "script":
                translateScript(entry, into: &settings)
            case "new_icon":
                settings.append("icon = \(Self.quoted(entry.value))")
            case "default_icon":
                settings.append("default_icon = \(Self.quoted(entry.value))")
            case "background", "foreground", "frame_color", "highlight":
                if let color = Self.color(entry.value) { settings.append("\(entry.key) = \(color)") }
                else { note(entry.line, entry.key, "expected #RRGGBB, got '\(entry.value)'") }
            case "set_stack_tag":
                settings.append("stack_tag = \(Self.quoted(entry.value))")
            case "set_transient":
                if let value = boolean(entry) { settings.append("transient = \(value ? "yes" : "no")") }
            case "markup":
                switch entry.value.lowercased() {
                case "full", "yes", "true": settings.append("markup = yes")
                case "no", "false": settings.append("markup = no")
                default: note(entry.line, "markup", "xtoast reads markup or shows the text as it is; it does not strip it")
                }
            case "fullscreen":
                note(entry.line, "fullscreen", "xtoast has no fullscreen setting yet")
            default:
                note(entry.line, entry.key, "xtoast has no such rule setting")
            }
        }
        if skipDisplay || skipHistory {
            settings.append("skip = \(skipDisplay && skipHistory ? "all" : skipDisplay ? "display" : "history")")
        }
        noteRepeats(section)
        guard !settings.isEmpty else {
            note(section.line, "[\(section.name)]", "none of its settings has an xtoast equivalent")
            return
        }
        addRule(lines + settings, from: section)
    }

    /// Adds a rule unless the daemon would refuse it for the rules' matching budget
    /// (`RuleBudget`, as `ConfigParser` applies it), which is then named in a diagnostic.
    mutating func addRule(_ lines: [String], from section: Dunstrc.Section) {
        let (admitted, worst) = budget.admit(Self.rule(lines))
        guard admitted else {
            note(section.line, "[\(section.name)]", "the daemon would refuse it: with the rules before it, matching one toast "
                 + "could take \(worst) steps, past xtoast's budget of \(RuleLimits.matchingBudget) (about 2 ms)")
            return
        }
        if let header = lines.first { takenNames.insert(header.dropFirst(6).dropLast().lowercased()) }
        rules.append(lines)
    }

    /// A rule's lines read as the config parser reads them (what the budget charges).
    static func rule(_ lines: [String]) -> Rule {
        var rule = Rule(name: "")
        var matches: [RuleMatch] = []
        for line in lines.dropFirst() where !line.hasPrefix("#") {
            if let match = try? RuleLine.match(Substring(line)) {
                matches.append(match)
            } else if let equals = line.firstIndex(of: "="), let setting = RuleSettingKey.named(String(line[..<equals].trimmingWhitespace())) {
                let raw = line[line.index(after: equals)...].trimmingWhitespace()
                if let value = setting.key == "script" ? String(raw) : try? Statement.value(raw) { try? setting.apply(&rule, value) }
            }
        }
        rule.matches = matches
        return rule
    }

    /// `match FIELD OP VALUE` for a dunst filter; nil when the value cannot be written, with
    /// `refusal` saying why when xtoast refuses the pattern itself.
    mutating func matchLine(_ field: RuleField, _ entry: Dunstrc.Entry, refusal: inout String?) -> String? {
        switch field {
        case .urgency:
            guard let urgency = Urgency(rawValue: entry.value.lowercased()) else { return nil }
            return "match urgency = \(urgency.rawValue)"
        case .transient:
            guard let value = Self.bool(entry.value) else { return nil }
            return "match transient = \(value ? "yes" : "no")"
        default:
            let op: RuleOperator = regex ? .regex : .glob
            // The pattern must compile here as it did in dunst; a refused one (a back-reference,
            // a count too large) would leave the rule matching more. It is refused before
            // anything is built for it, so `[a-z]{1,20000}` costs the importer nothing either.
            do {
                _ = try RuleMatch(field: field, op: op, value: entry.value)
            } catch {
                refusal = error.message
                return nil
            }
            guard let value = Self.matchValue(entry.value) else { return nil }
            return "match \(field.rawValue) \(op.rawValue) \(value)"
        }
    }

    mutating func translateScript(_ entry: Dunstrc.Entry, into settings: inout [String]) {
        // dunst runs the file itself (a `~` is its home) with five arguments; xtoast runs it
        // with none and the toast in XTOAST_* variables.
        var path = entry.value
        if path.hasPrefix("~/"), let home { path = home + path.dropFirst() }
        settings.append("# dunst passed appname, summary, body, icon and urgency as arguments;")
        settings.append("# xtoast sets XTOAST_APP, XTOAST_SUMMARY, XTOAST_BODY, XTOAST_ICON, XTOAST_URGENCY and more")
        settings.append("script = \(Self.scriptWord(path))")
    }

    func boolean(_ entry: Dunstrc.Entry) -> Bool? {
        Self.bool(entry.value)
    }

    /// A name xtoast takes: dunst's section name, unique case-insensitively.
    mutating func ruleName(_ name: String) -> String {
        var base = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        base = RuleSubject.bounded(String(Substring(base).trimmingWhitespace()), RuleLimits.maxNameBytes - 4)
        if base.isEmpty { base = "rule" }
        let key = base.lowercased()
        var n = nextSuffix[key] ?? 2
        var candidate = n == 2 ? base : "\(base)-\(n - 1)"
        nameProbes += 2
        while takenNames.contains(candidate.lowercased()) {
            candidate = "\(base)-\(n)"
            n += 1
            nameProbes += 1
        }
        nextSuffix[key] = n
        return candidate
    }

    mutating func noteRepeats(_ section: Dunstrc.Section) {
        var seen: Set<String> = []
        for entry in section.entries {
            if !seen.insert(entry.key).inserted { note(entry.line, entry.key, "given again; dunst uses the first") }
        }
    }

    // MARK: Output

    mutating func set(_ section: String, _ key: String, _ value: String) {
        let line = "\(key) = \(value)"
        if let index = sections.firstIndex(where: { $0.name == section }) {
            sections[index].lines.removeAll { $0.hasPrefix("\(key) = ") }
            sections[index].lines.append(line)
        } else {
            sections.append((section, [line]))
        }
    }

    mutating func comment(_ section: String, _ text: String) {
        if let index = sections.firstIndex(where: { $0.name == section }) { sections[index].lines.append("# " + text) }
        else { sections.append((section, ["# " + text])) }
    }

    mutating func setNumber(_ section: String, _ key: String, _ entry: Dunstrc.Entry, range: ClosedRange<Double>) {
        guard let number = Double(entry.value) else {
            note(entry.line, entry.key, "expected a number, got '\(entry.value)'")
            return
        }
        setNumber(section, key, number, line: entry.line, key: entry.key, range: range)
    }

    mutating func setNumber(_ section: String, _ key: String, _ number: Double, line: Int, key dunstKey: String,
                            range: ClosedRange<Double>) {
        guard range.contains(number) else {
            note(line, dunstKey, "\(Self.format(number)) is outside xtoast's \(key) bounds [\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))]")
            return
        }
        set(section, key, Self.format(number))
    }

    mutating func note(_ line: Int, _ key: String, _ why: String) { notes.append((line, key, why)) }

    func output() -> String {
        var text = ["# xtoast configuration translated from a dunstrc by xtoast import-dunstrc.",
                    "# What could not be translated was listed on standard error.", ""]
        let order = ["general", "font", "card", "colors", "text", "timeouts", "mouse"]
        for name in order {
            guard let section = sections.first(where: { $0.name == name }) else { continue }
            text += ["[\(name)]"] + section.lines + [""]
        }
        for rule in rules { text += rule + [""] }
        return text.joined(separator: "\n")
    }

    // MARK: Values

    static func bool(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "yes", "true", "1", "on": true
        case "no", "false", "0", "off": false
        default: nil
        }
    }

    /// A dunst duration in seconds: a number with an optional unit, `ms`, `s`, `m`, `h` or `d`
    /// (seconds without one). Negative is "not set" in dunst: nil.
    static func seconds(_ value: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        for (suffix, scale) in units where value.hasSuffix(suffix) {
            guard let number = Double(value.dropLast(suffix.count)), number >= 0 else { return nil }
            return number * scale
        }
        guard let number = Double(value), number >= 0, number.isFinite else { return nil }
        return number
    }

    /// `#RRGGBB` from dunst's `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the alpha dropped).
    static func color(_ value: String) -> String? {
        guard value.first == "#" else { return nil }
        let digits = value.dropFirst()
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        switch digits.count {
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined().uppercased()
        case 6, 8: return "#" + digits.prefix(6).uppercased()
        default: return nil
        }
    }

    /// `WxH` or `(W, H)`.
    static func pair(_ value: String) -> (Double, Double)? {
        let numbers = value.split(whereSeparator: { "()x, ".contains($0) }).compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    static func position(origin: String) -> Position? {
        switch origin.lowercased() {
        case "top-left": .topLeft
        case "top-center": .top
        case "top-right": .topRight
        case "bottom-left": .bottomLeft
        case "bottom-center": .bottom
        case "bottom-right": .bottomRight
        default: nil
        }
    }

    /// A match value as `RuleLine.match` reads it back exactly: bare when it can be, else quoted.
    static func matchValue(_ value: String) -> String? {
        let bare = !value.isEmpty && value.first != "\"" && value.first != "'" && value.first != "#" && value.first != ";"
            && !(value.first?.isWhitespace ?? false) && !(value.last?.isWhitespace ?? false)
        if bare { return value }
        if !value.contains("\"") { return "\"\(value)\"" }
        if !value.contains("'") { return "'\(value)'" }
        return nil
    }

    /// A setting value as `Statement.value` reads it back: quoted when it holds a blank before
    /// a `#` or `;`, or starts with a quote or blank.
    static func quoted(_ value: String) -> String {
        let needs = value.isEmpty || value.contains(" #") || value.contains(" ;") || value.contains("\t#")
            || value.first == "\"" || value.first == "'" || value.first?.isWhitespace == true || value.last?.isWhitespace == true
        guard needs else { return value }
        return value.contains("\"") ? "'\(value)'" : "\"\(value)\""
    }

    /// One word of a script line, quoted for `CommandWords` when it needs to be.
    static func scriptWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { !" \t\"'\\#".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
