import ConfigParsing
import JSONCodec
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
        let config = translation.provedByTheParser()
        return Result(config: config, diagnostics: translation.notes.sorted { $0.line < $1.line }.map {
            "\(name):\($0.line): not translated: \($0.key) (\($0.why))"
        }, nameProbes: translation.nameProbes)
    }
}

/// One translation under way: the xtoast sections being filled, and what was left out.
struct Translation {
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
    /// The `[global]` keys the translation read (each written, or noted where it could not be).
    private(set) var globalKeysTranslated: Set<String> = []
    var regex = false
    /// What the rules so far cost the worst toast (`RuleBudget`).
    var budget = RuleBudget()
    /// Settings of `[global]` that dunst applies to every toast, critical ones included: the
    /// rule `dunst global`, first of all.
    var globalRule: [String] = []
    /// Seconds a normal toast stays: `[urgency_normal] timeout`, else dunst's default.
    var normalTimeout = Translation.dunstTimeout

    init(dunstrc: Dunstrc, name: String, home: String?) {
        self.dunstrc = dunstrc
        self.name = name
        self.home = home
    }

    static let urgencySections = ["urgency_low": (Urgency.low, "info"), "urgency_normal": (Urgency.normal, "info"),
                                  "urgency_critical": (Urgency.critical, "error")]

    mutating func run() {
        for (line, why) in dunstrc.malformed { notes.append((line, "line", "dunst skips it too: \(why)")) }
        let global = dunstrc.section("global")
        regex = global?.value("enable_posix_regex").flatMap(Self.bool) ?? false
        if dunstrc.section("experimental")?.value("enable_pcre_regex").flatMap(Self.bool) == true { regex = true }
        if let global { translateGlobal(global) }
        if let seconds = dunstrc.section("urgency_normal")?.value("timeout").flatMap(Self.seconds) { normalTimeout = seconds }
        // Rules apply in file order: what [global] says of every toast first, then the urgency
        // rules of sections not written (their defaults), then each section where it stands.
        if !globalRule.isEmpty {
            addRule(["[rule dunst global]"] + globalRule, line: global?.line ?? 0, name: "global")
        }
        for (name, (urgency, _)) in Self.urgencySections.sorted(by: { $0.key < $1.key }) where dunstrc.section(name) == nil {
            addUrgencyRule(urgency, RuleDraft(), timeout: nil, line: 0)
        }
        for section in dunstrc.sections where section.name != "global" {
            if let (urgency, kind) = Self.urgencySections[section.name] {
                translateUrgency(section, urgency: urgency, kind: kind, global: global)
            } else if section.name == "shortcuts" {
                translateShortcuts(section)
            } else if section.name == "experimental" {
                translateExperimental(section)
            } else if section.name == "frame" {
                translateFrame(section)
            } else {
                translateRule(section)
            }
        }
        writeDunstColors(global: global)
        writeDefaults()
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

    /// `[experimental]`: what xtoast does anyway passes; PCRE patterns are read as POSIX ones.
    mutating func translateExperimental(_ section: Dunstrc.Section) {
        for entry in section.entries where section.entry(entry.key)?.line == entry.line {
            if let same = Self.asOnXtoast[entry.key], same.contains(entry.value.lowercased()) { continue }
            if entry.key == "enable_pcre_regex" {
                note(entry.line, entry.key, "xtoast reads the rules' patterns as POSIX extended regular expressions; a PCRE-only pattern is refused with its rule")
            } else {
                note(entry.line, entry.key, Self.globalReasons[entry.key] ?? "xtoast has no such setting")
            }
        }
        noteRepeats(section)
    }

    /// `[frame]` of dunst before 1.4: `width` is `frame_width`, `color` `frame_color`.
    mutating func translateFrame(_ section: Dunstrc.Section) {
        for entry in section.entries where section.entry(entry.key)?.line == entry.line {
            switch entry.key {
            case "width" where dunstrc.section("global")?.entry("frame_width") == nil:
                setNumber("card", "border_width", entry, range: 0...ConfigLimits.borderWidth)
            case "width": break
            case "color":
                note(entry.line, "color", "xtoast's accent colours are per kind, from each [urgency_*] section's frame_color or background")
            default: note(entry.line, entry.key, "not a key of dunst's [frame]")
            }
        }
        noteRepeats(section)
    }

    /// dunst's own defaults (dunst(5) of 1.13, `settings_data.h`) where they differ from
    /// xtoast's, for what the dunstrc leaves unsaid: a dunst user keeps dunst's behaviour.
    static let dunstDefaults: [(section: String, key: String, value: String)] = [
        ("general", "timeout", "10"), ("general", "fullscreen", "show"), ("general", "idle_threshold", "0"),
        // notification_limit 20, one slot of it taken by indicate_hidden's count.
        ("general", "max_visible", "19"), ("general", "menu", "/usr/bin/dmenu -p dunst"),
        // dunst shows the focused application's notifications as any other.
        ("general", "focused_app", "show"),
        ("font", "family", "Monospace"), ("font", "size", "8"),
        ("card", "width", "300"), ("card", "border_width", "3"), ("card", "radius", "0"), ("card", "gap", "0"),
        ("card", "padding", "8"), ("card", "image_size", "128"),
        ("center", "keep", "20"),
    ]
    /// dunst's timeout of low and normal urgency, in seconds.
    static let dunstTimeout = 10.0

    mutating func writeDefaults() {
        for (section, key, value) in Self.dunstDefaults where !isSet(section, key) { set(section, key, value) }
    }

    func isSet(_ section: String, _ key: String) -> Bool {
        sections.first { $0.name == section }?.lines.contains { $0.hasPrefix("\(key) = ") } ?? false
    }

    // MARK: [global]

    mutating func translateGlobal(_ global: Dunstrc.Section) {
        var used: Set<String> = ["enable_posix_regex"]
        func take(_ key: String) -> Dunstrc.Entry? {
            used.insert(key)
            return global.entry(key)
        }
        // The notification limit: `notification_limit`, else the old geometry's height.
        var limit = take("notification_limit").map { (value: $0.value, line: $0.line, key: "notification_limit") }
        // Geometry: the newer origin/offset pair wins over the old geometry string, as in dunst.
        if let origin = take("origin") {
            if let position = Self.position(origin: origin.value) {
                set("general", "position", position.rawValue)
            } else {
                note(origin.line, "origin", "expected one of dunst's nine origins (top-left ... bottom-right, left-center, right-center, center), got '\(origin.value)'")
            }
            if let offset = take("offset") {
                if let (x, y) = Self.pair(offset.value) { setMargin(x, y, line: offset.line, key: "offset") } else {
                    note(offset.line, "offset", "expected WIDTHxHEIGHT, got '\(offset.value)'")
                }
            }
            used.insert("geometry")
            if let geometry = global.entry("geometry") { note(geometry.line, "geometry", "origin and offset replace it, as in dunst") }
        } else if let geometry = take("geometry") {
            if let height = translateGeometry(geometry), limit == nil { limit = (height, geometry.line, "geometry") }
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
        if let entry = take("max_icon_size") {
            // dunst draws an image at most this large; xtoast gives an image a square slot this wide.
            if entry.value == "0" { note(entry.line, "max_icon_size", "0 (images at their own size): xtoast draws an image in a slot of at most \(Self.format(ConfigLimits.imageSize.upperBound)) px; set to that") ; set("card", "image_size", Self.format(ConfigLimits.imageSize.upperBound)) }
            else if let size = Double(entry.value) { set("card", "image_size", Self.format(min(max(size, ConfigLimits.imageSize.lowerBound), ConfigLimits.imageSize.upperBound))) }
            else { note(entry.line, "max_icon_size", "expected a number, got '\(entry.value)'") }
        }
        if let entry = take("font") { translateFont(entry) }
        if let entry = take("icon_position") {
            switch entry.value.lowercased() {
            case "off": globalRule.append("icon_position = off")
            case "left": break  // where xtoast draws it anyway
            default: note(entry.line, "icon_position", "xtoast draws the icon at the card's leading edge or not at all (off)")
            }
        }
        let follow = take("follow")
        if let entry = follow {
            if let follow = FollowRule(rawValue: entry.value.lowercased()) { set("general", "follow", follow.rawValue) }
            else { note(entry.line, "follow", "expected mouse, keyboard or none, got '\(entry.value)'") }
        }
        if let entry = take("monitor") {
            // dunst's monitor counts only while follow is none; a rule for every toast says it.
            if (follow?.value.lowercased() ?? "none") == "none" {
                if MonitorChoice(parsing: entry.value) != nil { globalRule.append("monitor = \(Self.quoted(entry.value))") }
                else { note(entry.line, "monitor", "expected a monitor name or number, got '\(entry.value)'") }
            }
        }
        if let entry = take("scale") {
            if entry.value == "0" { set("general", "scale", "auto") }
            else { setNumber("general", "scale", entry, range: Scale.range) }
        }
        let indicateHidden = take("indicate_hidden").flatMap { Self.bool($0.value) } ?? true
        if let limit {
            // dunst's indicator takes one of the limit's slots; xtoast's "+N more" card is beside them.
            if let number = Int(limit.value), number > 0 {
                let cards = indicateHidden ? max(1, number - 1) : number
                set("general", "max_visible", String(min(cards, ConfigLimits.maxVisible)))
                if cards > ConfigLimits.maxVisible { note(limit.line, limit.key, "xtoast shows at most \(ConfigLimits.maxVisible) cards at once, the rest wait; set to that") }
            } else if limit.value == "0" {
                // No limit: as many as the screen holds, as xtoast's 0.
                set("general", "max_visible", "0")
            } else {
                note(limit.line, limit.key, "expected a number, got '\(limit.value)'")
            }
        }
        if !indicateHidden, let entry = global.entry("indicate_hidden") {
            note(entry.line, "indicate_hidden", "xtoast always counts the toasts waiting on a \"+N more\" card")
        }
        if let entry = take("stack_duplicates") {
            if let value = Self.bool(entry.value) { set("general", "stack_duplicates", value ? "yes" : "no") }
            else { note(entry.line, "stack_duplicates", "expected true or false, got '\(entry.value)'") }
        }
        if let entry = take("idle_threshold") {
            if let seconds = Self.seconds(entry.value), seconds <= Double(ConfigLimits.idleThreshold) {
                set("general", "idle_threshold", String(Int(seconds.rounded(.up))))
            } else { note(entry.line, "idle_threshold", "expected a duration of at most a day, got '\(entry.value)'") }
        }
        if let entry = take("fullscreen") { translateFullscreen(entry, global: true) }
        if let entry = take("browser") {
            if let words = try? CommandWords.split(entry.value), words.first?.isEmpty == false {
                set("general", "opener", words.map(Self.scriptWord).joined(separator: " "))
            } else { note(entry.line, "browser", "expected a program and its arguments, got '\(entry.value)'") }
        }
        if let entry = take("dmenu") {
            if let words = try? CommandWords.split(entry.value), words.first?.isEmpty == false {
                set("general", "menu", words.map(Self.scriptWord).joined(separator: " "))
            } else { note(entry.line, "dmenu", "expected a program and its arguments, got '\(entry.value)'") }
        }
        if let entry = take("history_length") {
            if let count = Int(entry.value), count >= 0 { set("center", "keep", String(min(count, HistoryLimits.maxKeep))) }
            else { note(entry.line, "history_length", "expected a whole number, got '\(entry.value)'") }
        }
        for (dunstKey, action) in Self.shortcuts { if let entry = take(dunstKey) { translateShortcut(entry, action) } }
        globalKeysTranslated = used
        for entry in global.entries where !used.contains(entry.key) {
            if let same = Self.asOnXtoast[entry.key], same.contains(entry.value.lowercased()) { continue }
            note(entry.line, entry.key, Self.globalReasons[entry.key] ?? "xtoast has no such setting")
        }
        noteRepeats(global)
    }

    /// dunst's keyboard shortcuts (in `[global]` since 1.8, in `[shortcuts]` before 1.7) and
    /// the `[keys]` action each is.
    static let shortcuts: [(String, KeyAction)] = [("close", .dismiss), ("close_all", .dismissAll), ("history", .restore), ("context", .menu)]

    mutating func translateShortcut(_ entry: Dunstrc.Entry, _ action: KeyAction) {
        if entry.value.lowercased() == "none" || entry.value.isEmpty { return }
        do throws(KeySpecError) {
            set("keys", action.rawValue, try KeyChord.parse(entry.value).description)
        } catch {
            note(entry.line, entry.key, error.message)
        }
    }

    /// `[shortcuts]` of dunst before 1.7: the same four keys as `[global]`'s.
    mutating func translateShortcuts(_ section: Dunstrc.Section) {
        for entry in section.entries where section.entry(entry.key)?.line == entry.line {
            if let action = Self.shortcuts.first(where: { $0.0 == entry.key })?.1 {
                // The newer [global] binding wins, as in dunst, which reads only that one.
                if dunstrc.section("global")?.entry(entry.key) == nil { translateShortcut(entry, action) }
            } else {
                note(entry.line, entry.key, "not a dunst shortcut (close, close_all, history or context)")
            }
        }
        noteRepeats(section)
    }

    /// dunst's `fullscreen` in `[global]`: the config's word, and, since dunst holds critical
    /// toasts back too where xtoast's config lets them through, a rule for every toast.
    mutating func translateFullscreen(_ entry: Dunstrc.Entry, global: Bool) {
        guard let mode = FullscreenMode(rawValue: entry.value.lowercased()) else {
            return note(entry.line, "fullscreen", "expected show, delay, pushback or suppress, got '\(entry.value)'")
        }
        set("general", "fullscreen", mode.rawValue)
        if mode != .show { globalRule.append("fullscreen = \(mode.rawValue)") }
    }

    /// Values that ask for what xtoast does anyway: nothing to translate, nothing lost.
    static let asOnXtoast: [String: Set<String>] = [
        "transparency": ["0"], "always_run_script": ["true", "yes"], "progress_bar": ["true", "yes"],
        "word_wrap": ["true", "yes"], "sticky_history": ["true", "yes"], "enable_recursive_icon_lookup": ["true", "yes"],
        "ignore_dbusclose": ["false", "no"], "force_xinerama": ["false", "no"], "force_xwayland": ["false", "no"],
        "hide_duplicate_count": ["false", "no"], "show_indicators": ["false", "no"], "default_pause_level": ["0"],
        "per_monitor_dpi": ["false", "no"], "pause_on_mouse_over": ["false", "no"], "enable_pcre_regex": ["false", "no"],
        "layer": ["top", "overlay", "bottom"], "title": ["dunst"], "class": ["dunst"],
    ]

    static let globalReasons: [String: String] = [
        "always_run_script": "xtoast runs a rule's script for every toast it matches, dropped ones too",
        "height": "a card is as tall as its text",
        "transparency": "xtoast's cards are opaque",
        "progress_bar": "xtoast always draws a progress bar for the value hint",
        "word_wrap": "xtoast wraps long lines; a card shows 3 lines, and all of them after a click",
        "sticky_history": "a toast restored from history stays until dismissed",
        "hide_duplicate_count": "xtoast always shows a repeat's count (×N)",
        "show_indicators": "xtoast shows a toast's actions as buttons and its links underlined",
        "ignore_dbusclose": "xtoast closes a toast when its sender asks (CloseNotification)",
        "default_pause_level": "xtoast starts with do-not-disturb off (xtoast pause --level N turns it on)",
        "title": "xtoast names its own windows",
        "class": "xtoast names its own windows",
        "min_icon_size": "theme icons are 20 px; images fill the [card] image_size slot",
        "icon_theme": "xtoast uses the desktop's icon theme, as XSETTINGS names it",
        "icon_path": "xtoast looks icons up in the freedesktop icon theme",
        "icon_folders": "xtoast looks icons up in the freedesktop icon theme",
        "enable_recursive_icon_lookup": "xtoast looks icons up in the freedesktop icon theme",
        "separator_height": "xtoast's cards are apart, [card] gap between them",
        "separator_color": "xtoast's cards are apart, [card] gap between them",
        "line_height": "Pango's line height for the font",
        "horizontal_padding": "[card] padding is on every side",
        "text_icon_padding": "the space between icon and text follows [card] padding",
        "vertical_alignment": "xtoast lays the title and message out from the card's top",
        "ellipsize": "a line too long for the card is wrapped, not cut",
        "ignore_newline": "a newline in a message starts a new line",
        "alignment": "text is aligned to its direction's start",
        "corners": "every corner is rounded",
        "progress_bar_height": "the progress bar's size is xtoast's",
        "progress_bar_frame_width": "the progress bar's size is xtoast's",
        "progress_bar_min_width": "the progress bar is as wide as the card",
        "progress_bar_max_width": "the progress bar is as wide as the card",
        "progress_bar_corner_radius": "the progress bar's shape is xtoast's",
        "progress_bar_corners": "the progress bar's shape is xtoast's",
        "progress_bar_horizontal_alignment": "the progress bar is as wide as the card",
        "icon_corner_radius": "icons are drawn as they are",
        "icon_corners": "icons are drawn as they are",
        "force_xinerama": "xtoast reads monitors from RandR",
        "force_xwayland": "xtoast runs on X11",
        "layer": "a Wayland setting; xtoast runs on X11",
        "per_monitor_dpi": "xtoast has one scale for every monitor",
        "pause_on_mouse_over": "xtoast's timers always wait while the pointer is over a card",
        "shrink": "a card is [card] width wide",
        "notification_height": "a card is as tall as its text",
        "startup_notification": "xtoast shows no toast of its own when it starts",
        "allow_markup": "the socket's --markup and the bus's body-markup decide per toast",
        "bounce_freq": "a line too long for the card is wrapped, never scrolled",
        "verbosity": "xtoastd logs its one level of lines to standard error",
    ]

    /// Translates dunst's `geometry`; returns its height (the notification limit), when given.
    mutating func translateGeometry(_ entry: Dunstrc.Entry) -> String? {
        // `[{width}][x{height}][+/-{x}[+/-{y}]]`, e.g. `300x5-30+20`: a negative x counts from
        // the right edge, a negative y from the bottom; the height counts notifications.
        let value = entry.value
        let sizeEnd = value.firstIndex(where: { $0 == "+" || $0 == "-" }) ?? value.endIndex
        let size = value[..<sizeEnd].split(separator: "x", omittingEmptySubsequences: false)
        if let width = size.first.flatMap({ Double($0) }) {
            if width == 0 { note(entry.line, "geometry", "a width of 0 is the whole screen's; xtoast's cards are at most \(Int(ConfigLimits.cardWidth)) px") }
            else { setNumber("card", "width", width, line: entry.line, key: "geometry",
                             range: ConfigLimits.minimumCardWidth...ConfigLimits.cardWidth) }
        } else if size.first?.isEmpty == true, size.count > 1 {
            note(entry.line, "geometry", "no width is the whole screen's; xtoast's cards are at most \(Int(ConfigLimits.cardWidth)) px")
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
        return size.count > 1 && !size[1].isEmpty ? String(size[1]) : nil
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
        // dunst's default is 60; a negative threshold turns the age off, as xtoast's default does.
        let age = take("show_age_threshold")
        if let seconds = Self.seconds(age?.value ?? "60") {
            if seconds <= ProtocolLimits.maxTimeout { set("text", "show_age_threshold", Self.format(seconds)) }
            else if let age { note(age.line, "show_age_threshold", "more than xtoast's \(Int(ProtocolLimits.maxTimeout)) s") }
        } else if let age, !age.value.hasPrefix("-") {
            note(age.line, "show_age_threshold", "expected a duration such as 60 or 2m, got '\(age.value)'")
        }
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

    /// dunst's `font`, a Pango description read as Pango reads it (`FontDescription`): the
    /// family alone into `family`, the weight and style into theirs, a pixel size as points.
    mutating func translateFont(_ entry: Dunstrc.Entry) {
        guard let font = FontDescription.parse(entry.value) else {
            return note(entry.line, "font", "expected a Pango font description such as 'Monospace 10', got '\(entry.value)'")
        }
        if font.family.utf8.count > ConfigLimits.fontFamilyBytes {
            note(entry.line, "font", "a family of more than \(ConfigLimits.fontFamilyBytes) bytes")
        } else {
            set("font", "family", font.family)
        }
        if font.weight != .normal { set("font", "weight", font.weight.rawValue) }
        if font.style != .normal { set("font", "style", font.style.rawValue) }
        if !font.ignored.isEmpty {
            note(entry.line, "font", "xtoast's [font] has a family, weight, style and size; '\(font.ignored.joined(separator: " "))' is left out")
        }
        if var size = font.size {
            if font.sizeInPixels { size = size * 72 / 96 }
            if (0...ConfigLimits.fontSize).contains(size), size > 0 { set("font", "size", Self.format(size)) }
            else { note(entry.line, "font", "size \(Self.format(size)) is outside xtoast's more than 0, at most \(Int(ConfigLimits.fontSize))") }
        }
    }

    // MARK: [urgency_*]

    /// dunst's urgency sections are rules matching their urgency: the normal timeout is
    /// xtoast's `timeout`, the accent colours its kinds' (normal: every kind's default,
    /// critical: `error`, as `NotificationMapping.kind` chooses kinds); what else they set
    /// becomes a rule `dunst urgency_NAME` (a low toast keeps its category's kind, drawn
    /// muted, so no kind stands for it: its colour is the rule's too).
    mutating func translateUrgency(_ section: Dunstrc.Section, urgency: Urgency, kind: String, global: Dunstrc.Section?) {
        var used: Set<String> = []
        var rule = RuleDraft()
        var timeout: Double?
        if let entry = section.entry("timeout") {
            used.insert("timeout")
            if let seconds = Self.seconds(entry.value), (0...ConfigLimits.timeout).contains(seconds) {
                if urgency == .normal { set("general", "timeout", Self.format(seconds)) }
                else { timeout = seconds }
            } else {
                note(entry.line, "timeout", "expected a duration such as 10, 500ms or 2m (at most a day), got '\(entry.value)'")
            }
        }
        // The card's colours, as dunst draws them: its fill, text, frame and progress bar.
        for part in CardColors.Part.allCases {
            guard let entry = section.entry(part.rawValue) else { continue }
            used.insert(part.rawValue)
            if let color = Self.color(entry.value) { set("colors", "\(urgency.rawValue).\(part.rawValue)", color) }
            else { note(entry.line, entry.key, "expected #RRGGBB, got '\(entry.value)'") }
        }
        // `icon` is the old name of `default_icon` in these sections.
        if let entry = section.entry("icon"), section.entry("default_icon") == nil {
            used.insert("icon")
            if !entry.value.isEmpty { rule.settings.append("default_icon = \(Self.quoted(entry.value))") }
        }
        for entry in section.entries where !used.contains(entry.key) && section.entry(entry.key)?.line == entry.line {
            if Self.filters[entry.key] != nil || entry.key.hasPrefix("match_") {
                note(entry.line, entry.key, "dunst allows no filter in [\(section.name)]; it matches by urgency alone")
                continue
            }
            translateSetting(entry, into: &rule)
        }
        noteRepeats(section)
        addUrgencyRule(urgency, rule, timeout: timeout, line: section.line)
    }

    /// The rule of an urgency: what its section set (or nothing, for a section not written),
    /// and its timeout where it differs from what xtoast does anyway: dunst's low toasts stay
    /// 10 s unless told otherwise, whatever the normal ones do; critical ones wait, as on xtoast.
    mutating func addUrgencyRule(_ urgency: Urgency, _ rule: RuleDraft, timeout: Double?, line: Int) {
        var rule = rule
        let timeout = timeout ?? (urgency == .low ? Self.dunstTimeout : 0)
        if urgency == .low ? timeout != normalTimeout : urgency == .critical && timeout != 0 {
            rule.settings.insert("default_timeout = \(Self.format(timeout))", at: 0)
        }
        guard !rule.isEmpty else { return }
        let name = "dunst urgency_\(urgency == .normal ? "normal" : urgency.rawValue)"
        addRule(["[rule \(name)]", "match urgency = \(urgency.rawValue)"] + rule.lines, line: line, name: name)
    }

    // MARK: Rules

    static let filters: [String: RuleField] = [
        "appname": .app, "summary": .summary, "body": .body, "icon": .icon, "category": .category,
        "desktop_entry": .desktopEntry, "msg_urgency": .urgency, "stack_tag": .stackTag, "match_transient": .transient,
    ]

    /// A rule's settings being written, and what several dunst keys make one xtoast setting of.
    struct RuleDraft {
        var settings: [String] = []
        var skipDisplay = false, skipHistory = false

        var isEmpty: Bool { settings.isEmpty && !skipDisplay && !skipHistory }

        var lines: [String] {
            var lines = settings
            if skipDisplay || skipHistory {
                lines.append("skip = \(skipDisplay && skipHistory ? "all" : skipDisplay ? "display" : "history")")
            }
            return lines
        }
    }

    mutating func translateRule(_ section: Dunstrc.Section) {
        var lines = ["[rule \(ruleName(section.name))]"]
        var rule = RuleDraft()
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
            translateSetting(entry, into: &rule)
        }
        noteRepeats(section)
        guard !rule.isEmpty else {
            note(section.line, "[\(section.name)]", "none of its settings has an xtoast equivalent")
            return
        }
        addRule(lines + rule.lines, from: section)
    }

    /// One of dunst's rule settings (dunst(5), RULES, modifying) as xtoast's, or a note.
    mutating func translateSetting(_ entry: Dunstrc.Entry, into rule: inout RuleDraft) {
        switch entry.key {
        case "timeout":
            // dunst's rule timeout counts where the sender gave none; override_dbus_timeout over it.
            if let seconds = Self.seconds(entry.value), (0...ConfigLimits.timeout).contains(seconds) {
                rule.settings.append("default_timeout = \(Self.format(seconds))")
            } else { note(entry.line, "timeout", "expected a duration such as 10, 500ms or 2m, got '\(entry.value)'") }
        case "override_dbus_timeout":
            if let seconds = Self.seconds(entry.value), (0...ConfigLimits.timeout).contains(seconds) {
                rule.settings.append("timeout = \(Self.format(seconds))")
            } else { note(entry.line, "override_dbus_timeout", "expected a duration such as 10, 500ms or 2m, got '\(entry.value)'") }
        case "urgency":
            if let urgency = Urgency(rawValue: entry.value.lowercased()) { rule.settings.append("urgency = \(urgency.rawValue)") }
            else { note(entry.line, "urgency", "expected low, normal or critical, got '\(entry.value)'") }
        case "skip_display":
            if let value = boolean(entry) { rule.skipDisplay = rule.skipDisplay || value }
        case "history_ignore":
            if let value = boolean(entry) { rule.skipHistory = rule.skipHistory || value }
        case "format":
            // An empty format shows nothing: the toast is kept in history only.
            if entry.value.isEmpty { rule.skipDisplay = true }
            else if entry.value.utf8.count <= CardFormat.maxBytes { rule.settings.append("format = \(Self.quoted(entry.value))") }
            else { note(entry.line, "format", "longer than xtoast's \(CardFormat.maxBytes) bytes") }
        case "hide_text":
            if let value = boolean(entry) { rule.settings.append("hide_text = \(value ? "yes" : "no")") }
        case "icon_position":
            switch entry.value.lowercased() {
            case "off": rule.settings.append("icon_position = off")
            case "left": rule.settings.append("icon_position = left")
            default: note(entry.line, "icon_position", "xtoast draws the icon at the card's leading edge or not at all (off)")
            }
        case "script":
            translateScript(entry, into: &rule.settings)
        case "new_icon" where entry.value.isEmpty, "default_icon" where entry.value.isEmpty:
            // dunst reads an empty one as none set; xtoast refuses an empty icon with its rule.
            break
        case "new_icon":
            rule.settings.append("icon = \(Self.quoted(entry.value))")
        case "default_icon":
            rule.settings.append("default_icon = \(Self.quoted(entry.value))")
        case "background", "foreground", "frame_color", "highlight":
            if let color = Self.color(entry.value) { rule.settings.append("\(entry.key) = \(color)") }
            else { note(entry.line, entry.key, "expected #RRGGBB, got '\(entry.value)'") }
        case "set_stack_tag":
            rule.settings.append("stack_tag = \(Self.quoted(entry.value))")
        case "set_transient":
            if let value = boolean(entry) { rule.settings.append("transient = \(value ? "yes" : "no")") }
        case "set_category":
            rule.settings.append("category = \(Self.quoted(entry.value))")
        case "action_name":
            if entry.value.isEmpty || entry.value.utf8.count > ProtocolLimits.maxIDLength {
                note(entry.line, "action_name", "expected an action's id of 1 to \(ProtocolLimits.maxIDLength) bytes")
            } else { rule.settings.append("default_action = \(Self.quoted(entry.value))") }
        case "override_pause_level":
            if let level = Int(entry.value), (0...100).contains(level) { rule.settings.append("override_pause_level = \(level)") }
            else { note(entry.line, "override_pause_level", "expected a level from 0 to 100, got '\(entry.value)'") }
        case "enabled":
            if let value = boolean(entry) { rule.settings.append("enabled = \(value ? "yes" : "no")") }
        case "fullscreen":
            if let mode = FullscreenMode(rawValue: entry.value.lowercased()) { rule.settings.append("fullscreen = \(mode.rawValue)") }
            else { note(entry.line, "fullscreen", "expected show, delay, pushback or suppress, got '\(entry.value)'") }
        case "word_wrap" where Self.bool(entry.value) == true:
            break
        case "markup":
            switch entry.value.lowercased() {
            case "full", "yes", "true": rule.settings.append("markup = yes")
            case "no", "false": rule.settings.append("markup = no")
            case "strip": rule.settings.append("markup = strip")
            default: note(entry.line, "markup", "expected full, strip or no, got '\(entry.value)'")
            }
        default:
            note(entry.line, entry.key, Self.ruleReasons[entry.key] ?? Self.globalReasons[entry.key] ?? "xtoast has no such rule setting")
        }
    }

    static let ruleReasons: [String: String] = [
        "min_icon_size": "a rule cannot size icons; theme icons are 20 px, images fill the [card] image_size slot",
        "max_icon_size": "a rule cannot size icons; images fill the [card] image_size slot",
    ]

    /// Adds a rule unless the daemon would refuse it for the rules' matching budget
    /// (`RuleBudget`, as `ConfigParser` applies it), which is then named in a diagnostic.
    mutating func addRule(_ lines: [String], from section: Dunstrc.Section) {
        addRule(lines, line: section.line, name: section.name)
    }

    mutating func addRule(_ lines: [String], line: Int, name: String) {
        let (admitted, worst) = budget.admit(Self.rule(lines))
        guard admitted else {
            note(line, "[\(name)]", "the daemon would refuse it: with the rules before it, matching one toast "
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
        // dunst runs the file itself (a `~` is its home) with five arguments and DUNST_*
        // variables; xtoast sets those too, and passes the arguments with script_args = dunst.
        var path = entry.value
        if path.hasPrefix("~/"), let home { path = home + path.dropFirst() }
        let line = "script = \(Self.scriptWord(path))"
        // What xtoast would refuse (an empty value, as `script = # ...` is, the comment
        // removed; a path past the rules' limits) is a note, not a line that fails to load.
        do {
            _ = try CommandWords.split(String(line.dropFirst("script = ".count)))
        } catch {
            note(entry.line, "script", "'\(entry.value)' is not a program xtoast can run: \(error.message)")
            return
        }
        settings.append(line)
        settings.append("script_args = dunst")
    }

    func boolean(_ entry: Dunstrc.Entry) -> Bool? {
        Self.bool(entry.value)
    }

    /// A name xtoast takes: dunst's section name, unique case-insensitively.
    mutating func ruleName(_ name: String) -> String {
        var base = String(name.unicodeScalars.filter { !UnicodeControls.isControl($0) && !UnicodeControls.isLineBreak($0) }
            .map(Character.init))
        base = RuleSubject.bounded(String(Substring(base).trimmingWhitespace()), RuleLimits.maxNameBytes - 4)
        if base.isEmpty { base = "rule" }
        let key = base.lowercased()
        var n = nextSuffix[key] ?? 2
        // A suffix shortens the base to stay within the name limit ("-10000" is 6 bytes); the
        // names taken are checked whole, so a shortened one is unique too.
        func suffixed(_ n: Int) -> String {
            let suffix = "-\(n)"
            return RuleSubject.bounded(base, RuleLimits.maxNameBytes - suffix.utf8.count) + suffix
        }
        var candidate = n == 2 ? base : suffixed(n - 1)
        nameProbes += 2
        while takenNames.contains(candidate.lowercased()) {
            candidate = suffixed(n)
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

    /// The output, with whatever xtoast's own parser still refuses taken out and noted (on
    /// line 0: the translation's line, not the dunstrc's): each translation step checks its
    /// values, and this is the net under them, so an import always loads. A refused section
    /// header goes with its section. Only the contrast check's warning may stay (the dunstrc's
    /// own colours, kept as they are), and the count of rules (`pastTheRules`).
    ///
    /// First of all, a line holding a line break is left out (U+2028, NEL, a lone CR: dunst
    /// and xtoast read them as characters of their line, but an editor or another reader
    /// breaks the line there, and would read a line the dunstrc never had); in a rule, with
    /// its rule.
    mutating func provedByTheParser() -> String {
        var lines = output().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // In a rule the whole rule goes: without one of its filters it would match more.
        let broken = lines.indices.filter { UnicodeControls.hasLineBreak(lines[$0]) }.map { index in
            let header = lines[...index].lastIndex { $0.hasPrefix("[") }
            return header.map { lines[$0].hasPrefix("[rule ") } == true ? header ?? index : index
        }
        drop(Set(broken).sorted().map { ($0, "it holds a line break (U+2028, U+0085 or CR)") }, from: &lines)
        for _ in 0..<8 {
            let refused = ConfigParser.parse(lines.joined(separator: "\n"), file: "translated").diagnostics
                .filter { !$0.message.hasPrefix("warning: text #") && !$0.message.hasPrefix(Self.pastTheRules)
                    && (1...lines.count).contains($0.line) }
            guard !refused.isEmpty else { break }
            drop(refused.map { ($0.line - 1, $0.message) }, from: &lines)
        }
        return lines.joined(separator: "\n")
    }

    /// Leaves out each line at `index`, noted with `why`; a section header takes its section.
    private mutating func drop(_ refused: [(index: Int, why: String)], from lines: inout [String]) {
        var drop: Set<Int> = []
        for (index, why) in refused {
            let line = lines[index]
            let key = Self.shown(line.hasPrefix("[") ? line : String(line.prefix { $0 != " " && $0 != "=" }))
            notes.append((0, key, "xtoast refuses the translated line '\(Self.shown(line))': \(why)"))
            drop.insert(index)
            if line.hasPrefix("[") {
                var next = index + 1
                while next < lines.count, !lines[next].hasPrefix("[") { drop.insert(next); next += 1 }
            }
        }
        for index in drop.sorted(by: >) { lines.remove(at: index) }
    }

    /// A line as a note quotes it: cut, its line breaks and controls shown as U+FFFD.
    static func shown(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.prefix(80).map {
            UnicodeControls.isLineBreak($0) || UnicodeControls.isControl($0) ? "\u{FFFD}" : $0
        }))
    }

    /// Rules past xtoast's count stay in the translation: the file keeps what dunst had, and
    /// loading it says which are read.
    static let pastTheRules = "more than \(RuleLimits.maxRules) rules"

    func output() -> String {
        var text = ["# xtoast configuration translated from a dunstrc by xtoast import-dunstrc.",
                    "# What could not be translated was listed on standard error.", ""]
        let order = ["general", "font", "card", "colors", "text", "timeouts", "keys", "mouse", "center"]
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
        case "left-center": .left
        case "right-center": .right
        case "center": .center
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
