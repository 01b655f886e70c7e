/// Every section and key the config file understands, and how each value is checked and stored.
///
/// Keeping them in one table means the parser, its error messages ("expected one of …") and the
/// test that `assets/config.example` covers every key all read the same list.
enum ConfigSchema {
    struct Setting: Sendable {
        let key: String
        /// Stores the value in the config, or throws without touching it.
        let apply: @Sendable (inout Config, String) throws(ConfigProblem) -> Void
    }

    struct Section: Sendable {
        let name: String
        let settings: [Setting]

        func setting(for key: String) -> Setting? { settings.first { $0.key == key } }
    }

    static func section(named name: String) -> Section? { sections.first { $0.name == name } }

    static let sections: [Section] = [
        Section(name: "general", settings: [
            choice("theme", \.theme),
            choice("style", \.style),
            choice("position", \.position),
            choice("follow", \.follow),
            Setting(key: "scale") { (config: inout Config, value: String) throws(ConfigProblem) in
                config.scale = value.lowercased() == "auto" ? nil : try number(value, .within(Scale.range))
            },
            integer("max_visible", \.maxVisible, atLeast: 1),
            number("timeout", \.timeout, .nonNegative),
        ]),
        Section(name: "font", settings: [
            text("family", \.font),
            number("size", \.fontSize, .positive),
        ]),
        Section(name: "card", settings: [
            number("radius", \.radius, .nonNegative),
            number("border_width", \.borderWidth, .nonNegative),
            number("padding", \.padding, .nonNegative),
            number("width", \.cardWidth, .positive),
            number("gap", \.gap, .nonNegative),
            number("margin", \.margin, .nonNegative),
            choice("shadow", \.shadow),
        ]),
        Section(name: "colors", settings: Kind.allCases.map { kind in
            Setting(key: kind.rawValue) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.colors[kind] = isDefault(value) ? nil : try color(value)
            }
        }),
        Section(name: "timeouts", settings: Kind.allCases.map { kind in
            Setting(key: kind.rawValue) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.timeouts[kind] = isDefault(value) ? nil : try number(value, .nonNegative)
            }
        }),
        Section(name: "motion", settings: [
            number("spring_response", \.motion.springResponse, .positive),
            number("spring_damping_fraction", \.motion.springDampingFraction, .positive),
            number("snap_back_response", \.motion.snapBackResponse, .positive),
            number("snap_back_damping_fraction", \.motion.snapBackDampingFraction, .positive),
            number("enter_throw", \.motion.enterThrow, .positive),
            number("exit_duration", \.motion.exitDuration, .positive),
            number("fling_minimum_speed", \.motion.flingMinimumSpeed, .positive),
            number("fling_acceleration", \.motion.flingAcceleration, .nonNegative),
            number("content_duration", \.motion.contentDuration, .nonNegative),
            number("swipe_distance_fraction", \.motion.swipeDistanceFraction, .fraction),
            number("swipe_velocity", \.motion.swipeVelocity, .positive),
            number("velocity_window", \.motion.velocityWindow, .positive),
            number("axis_lock_distance", \.motion.axisLockDistance, .nonNegative),
            number("click_slop", \.motion.clickSlop, .nonNegative),
            number("rubber_band_limit", \.motion.rubberBandLimit, .nonNegative),
            number("settle_distance", \.motion.settleDistance, .positive),
            number("settle_speed", \.motion.settleSpeed, .positive),
        ]),
    ]

    // MARK: Setting kinds

    private static func number(_ key: String, _ path: WritableKeyPath<Config, Double> & Sendable,
                               _ bounds: Bounds) -> Setting {
        Setting(key: key) { (config: inout Config, value: String) throws(ConfigProblem) in
            config[keyPath: path] = try number(value, bounds)
        }
    }

    private static func integer(_ key: String, _ path: WritableKeyPath<Config, Int> & Sendable,
                                atLeast minimum: Int) -> Setting {
        Setting(key: key) { (config: inout Config, value: String) throws(ConfigProblem) in
            guard let number = Int(value) else { throw ConfigProblem("expected a whole number, got '\(value)'") }
            guard number >= minimum else { throw ConfigProblem("must be at least \(minimum), got \(value)") }
            config[keyPath: path] = number
        }
    }

    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Config, Choice> & Sendable
    ) -> Setting where Choice.RawValue == String {
        Setting(key: key) { (config: inout Config, value: String) throws(ConfigProblem) in
            guard let choice = Choice(rawValue: value.lowercased()) else {
                let names = Choice.allCases.map(\.rawValue).joined(separator: "|")
                throw ConfigProblem("'\(value)' is not one of \(names)")
            }
            config[keyPath: path] = choice
        }
    }

    private static func text(_ key: String, _ path: WritableKeyPath<Config, String> & Sendable) -> Setting {
        Setting(key: key) { (config: inout Config, value: String) throws(ConfigProblem) in
            guard !value.isEmpty else { throw ConfigProblem("must not be empty") }
            config[keyPath: path] = value
        }
    }

    // MARK: Values

    /// `default` in `[colors]` and `[timeouts]` means "no override", so the example file can list
    /// those keys with their real default.
    private static func isDefault(_ value: String) -> Bool { value.lowercased() == "default" }

    private static func number(_ value: String, _ bounds: Bounds) throws(ConfigProblem) -> Double {
        guard let number = Double(value), number.isFinite else {
            throw ConfigProblem("expected a number, got '\(value)'")
        }
        guard bounds.contains(number) else { throw ConfigProblem("must be \(bounds), got \(value)") }
        return number
    }

    private static func color(_ value: String) throws(ConfigProblem) -> UInt32 {
        let digits = value.dropFirst()
        guard value.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit),
              let color = UInt32(digits, radix: 16) else {
            throw ConfigProblem("expected a colour like #RRGGBB or 'default', got '\(value)'")
        }
        return color
    }
}

/// The allowed range of a number, with the wording used in diagnostics.
private struct Bounds: CustomStringConvertible, Sendable {
    var lower: Double
    var includesLower: Bool
    var upper: Double = .infinity

    static let nonNegative = Bounds(lower: 0, includesLower: true)
    static let positive = Bounds(lower: 0, includesLower: false)
    /// A share of something: more than none, at most all of it.
    static let fraction = Bounds(lower: 0, includesLower: false, upper: 1)
    static func within(_ range: ClosedRange<Double>) -> Bounds {
        Bounds(lower: range.lowerBound, includesLower: true, upper: range.upperBound)
    }

    func contains(_ number: Double) -> Bool {
        (includesLower ? number >= lower : number > lower) && number <= upper
    }

    var description: String {
        let low = includesLower ? "at least \(Self.format(lower))" : "more than \(Self.format(lower))"
        return upper == .infinity ? low : "\(low) and at most \(Self.format(upper))"
    }

    /// 0 rather than 0.0, 0.25 as is.
    private static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}
