import JSONCodec
import Patterns

/// Every section and key the config file understands, and how each value is checked and stored.
///
/// Keeping them in one table means the parser, its error messages ("expected one of …") and the
/// test that `assets/config.example` covers every key all read the same list.
package enum ConfigSchema {
    package struct Setting: Sendable {
        package let key: String
        /// Copies this setting's value from another config: on a reload, a bad line keeps
        /// the value in use.
        package let keep: @Sendable (inout Config, Config) -> Void
        /// Stores the value in the config, or throws without touching it.
        package let apply: @Sendable (inout Config, String) throws(ConfigProblem) -> Void
    }

    package struct Section: Sendable {
        package let name: String
        package let settings: [Setting]

        package func setting(for key: String) -> Setting? { settings.first { $0.key == key } }
    }

    package static func section(named name: String) -> Section? { sections.first { $0.name == name } }

    package static let sections: [Section] = [
        Section(name: "general", settings: [
            choice("theme", \.theme),
            choice("style", \.style),
            choice("position", \.position),
            choice("follow", \.follow),
            Setting(key: "scale", keep: keeping(\.scale)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.scale = value.lowercased() == "auto" ? nil : try number(value, .within(Scale.range))
            },
            integer("max_visible", \.maxVisible, 0...ConfigLimits.maxVisible),
            choice("sort", \.sort),
            choice("stack", \.stack),
            number("timeout", \.timeout, .upTo(ConfigLimits.timeout)),
            number("timeout_per_word", \.timeoutPerWord, .upTo(ConfigLimits.timeoutPerWord)),
            number("timeout_scale", \.timeoutScale, .within(ConfigLimits.timeoutScale)),
            choice("reduce_motion", \.reduceMotion),
            choice("fullscreen", \.fullscreen),
            choice("lock", \.lock),
            choice("focused_app", \.focusedApp),
            Setting(key: "opener", keep: keeping(\.opener)) { (config: inout Config, value: String) throws(ConfigProblem) in
                let words: [String]
                do throws(RuleProblem) { words = try CommandWords.split(value) } catch { throw ConfigProblem(error.message) }
                guard let program = words.first, !program.isEmpty else { throw ConfigProblem("needs a program to open links with") }
                config.opener = words
            },
            Setting(key: "menu", keep: keeping(\.menu)) { (config: inout Config, value: String) throws(ConfigProblem) in
                let words: [String]
                do throws(RuleProblem) { words = try CommandWords.split(value) } catch { throw ConfigProblem(error.message) }
                guard let program = words.first, !program.isEmpty else { throw ConfigProblem("needs a menu program, such as dmenu or rofi -dmenu") }
                config.menu = words
            },
            flag("stack_duplicates", \.stackDuplicates),
            flag("tame_chromium", \.tameChromium),
            flag("gtk_notifications", \.gtkNotifications),
            integer("idle_threshold", \.idleThreshold, 0...ConfigLimits.idleThreshold),
        ]),
        Section(name: "font", settings: [
            text("family", \.font),
            number("size", \.fontSize, .positive(upTo: ConfigLimits.fontSize)),
            choice("weight", \.fontWeight),
            choice("style", \.fontStyle),
        ]),
        Section(name: "card", settings: [
            number("radius", \.radius, .upTo(ConfigLimits.radius)),
            number("border_width", \.borderWidth, .upTo(ConfigLimits.borderWidth)),
            number("padding", \.padding, .upTo(ConfigLimits.padding)),
            number("width", \.cardWidth, .within(ConfigLimits.minimumCardWidth...ConfigLimits.cardWidth)),
            number("image_size", \.imageSize, .within(ConfigLimits.imageSize)),
            number("gap", \.gap, .upTo(ConfigLimits.gap)),
            number("margin", \.margin, .upTo(ConfigLimits.margin)),
            optionalNumber("margin_x", \.horizontalMargin, .upTo(ConfigLimits.margin)),
            optionalNumber("margin_y", \.verticalMargin, .upTo(ConfigLimits.margin)),
            choice("shadow", \.shadow),
            choice("theme", \.cardTheme),
        ] + CardColors.Part.allCases.map { part in
            cardColor(part.rawValue, .card, part)
        }),
        // Accents by kind (`info = #…`), then the card colours by kind (`error.background`)
        // and by urgency (`critical.background`): kinds and urgencies share no name.
        Section(name: "colors", settings: Kind.allCases.map { kind in
            Setting(key: kind.rawValue, keep: { $0.colors[kind] = $1.colors[kind] }) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.colors[kind] = isDefault(value) ? nil : try color(value)
            }
        } + Kind.allCases.flatMap { kind in
            CardColors.Part.allCases.map { cardColor("\(kind.rawValue).\($0.rawValue)", .kind(kind), $0) }
        } + Urgency.allCases.flatMap { urgency in
            CardColors.Part.allCases.map { cardColor("\(urgency.rawValue).\($0.rawValue)", .urgency(urgency), $0) }
        }),
        Section(name: "text", settings: [
            Setting(key: "format", keep: keeping(\.format)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.format = isDefault(value) ? nil : try format(value)
            },
            choice("markup", \.markup),
            choice("alignment", \.alignment),
            choice("ellipsize", \.ellipsize),
            flag("ignore_newline", \.ignoreNewline),
            optionalNumber("show_age_threshold", \.showAgeThreshold, .upTo(ConfigLimits.timeout)),
        ]),
        Section(name: "timeouts", settings: Kind.allCases.map { kind in
            Setting(key: kind.rawValue, keep: { $0.timeouts[kind] = $1.timeouts[kind] }) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.timeouts[kind] = isDefault(value) ? nil : try number(value, .upTo(ConfigLimits.timeout))
            }
        }),
        Section(name: "motion", settings: [
            number("spring_response", \.motion.springResponse, .seconds),
            number("spring_damping_fraction", \.motion.springDampingFraction, .positive(upTo: ConfigLimits.dampingFraction)),
            number("snap_back_response", \.motion.snapBackResponse, .seconds),
            number("snap_back_damping_fraction", \.motion.snapBackDampingFraction, .positive(upTo: ConfigLimits.dampingFraction)),
            number("enter_throw", \.motion.enterThrow, .positive(upTo: ConfigLimits.enterThrow)),
            number("exit_duration", \.motion.exitDuration, .seconds),
            number("fling_minimum_speed", \.motion.flingMinimumSpeed, .positive(upTo: ConfigLimits.speed)),
            number("fling_acceleration", \.motion.flingAcceleration, .upTo(ConfigLimits.acceleration)),
            number("content_duration", \.motion.contentDuration, .upTo(ConfigLimits.motionSeconds)),
            number("swipe_distance_fraction", \.motion.swipeDistanceFraction, .fraction),
            number("swipe_velocity", \.motion.swipeVelocity, .positive(upTo: ConfigLimits.speed)),
            number("velocity_window", \.motion.velocityWindow, .seconds),
            number("axis_lock_distance", \.motion.axisLockDistance, .upTo(ConfigLimits.distance)),
            number("click_slop", \.motion.clickSlop, .upTo(ConfigLimits.distance)),
            number("rubber_band_limit", \.motion.rubberBandLimit, .upTo(ConfigLimits.distance)),
            number("settle_distance", \.motion.settleDistance, .positive(upTo: ConfigLimits.distance)),
            number("settle_speed", \.motion.settleSpeed, .positive(upTo: ConfigLimits.speed)),
        ]),
        Section(name: "keys", settings: KeyAction.allCases.map(key)),
        Section(name: "mouse", settings: [
            mouse("left_click", \.mouse.left),
            Setting(key: "middle_click", keep: keeping(\.mouse.middle)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.mouse.middle = try mouseActions(value) ?? []
            },
            Setting(key: "right_click", keep: keeping(\.mouse.right)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.mouse.right = try mouseActions(value) ?? MouseBindings().right
            },
        ]),
        // The rules themselves are `[rule NAME]` sections (`RuleSettingKey`); this one holds
        // what all of them share.
        Section(name: "rules", settings: [
            number("script_timeout", \.scriptTimeout, .within(RuleLimits.scriptTimeout)),
        ]),
        Section(name: "sound", settings: [
            flag("enabled", \.soundEnabled),
            Setting(key: "critical", keep: keeping(\.criticalSound)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.criticalSound = value.lowercased() == "none" ? nil : try SoundChoice.themeName(value)
            },
            Setting(key: "ringtone", keep: keeping(\.ringtone)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.ringtone = value.lowercased() == "none" ? nil : try SoundChoice.themeName(value)
            },
        ]),
        Section(name: "calls", settings: [
            number("ring_for", \.ringFor, .within(ConfigLimits.ringFor)),
        ]),
        Section(name: "center", settings: [
            integer("keep", \.historyKeep, 0...HistoryLimits.maxKeep),
            integer("keep_days", \.historyKeepDays, 1...HistoryLimits.maxKeepDays),
            number("width", \.center.width, .within(CenterSettings.widthRange)),
            choice("side", \.center.side),
            choice("group", \.center.group),
            choice("keep_open", \.center.keepOpen),
            choice("restore_after_crash", \.restoreAfterCrash),
        ]),
        Section(name: "quiet", settings: [
            // Several `every` lines each add a schedule; `allow` belongs to the one above it.
            // A bad line drops only its own schedule (a list has no one value to keep).
            Setting(key: "every", keep: { _, _ in }) { (config: inout Config, value: String) throws(ConfigProblem) in
                // Empty: no schedule (the example's line; its `allow` is then empty too).
                if value.isEmpty { return }
                guard config.quietSchedules.count < QuietSchedule.maxSchedules else {
                    throw ConfigProblem("at most \(QuietSchedule.maxSchedules) schedules")
                }
                do throws(QuietProblem) {
                    config.quietSchedules.append(try QuietSchedule.parse(value))
                } catch { throw ConfigProblem(error.message) }
            },
            Setting(key: "allow", keep: { _, _ in }) { (config: inout Config, value: String) throws(ConfigProblem) in
                if value.isEmpty { return }
                guard !config.quietSchedules.isEmpty else { throw ConfigProblem("allow belongs after an every line") }
                do throws(QuietProblem) {
                    config.quietSchedules[config.quietSchedules.count - 1].allow = try QuietSchedule.allowList(value)
                } catch { throw ConfigProblem(error.message) }
            },
            Setting(key: "burst", keep: keeping(\.quiet.burst)) { (config: inout Config, value: String) throws(ConfigProblem) in
                config.quiet.burst = try BurstLimit.parse(value)
            },
            integer("summary_over", \.quiet.summaryOver, QuietSettings.summaryOverRange),
            // Several lines each add a pattern; `none` turns the built-in ones off.
            Setting(key: "while_window", keep: { _, _ in }) { (config: inout Config, value: String) throws(ConfigProblem) in
                // Empty: no pattern (the example's line).
                if value.isEmpty { return }
                if value.lowercased() == "none" { return config.quiet.sharingDefaults = false }
                guard config.quiet.whileWindows.count < SharingPattern.maxPatterns else {
                    throw ConfigProblem("at most \(SharingPattern.maxPatterns) while_window patterns")
                }
                config.quiet.whileWindows.append(try SharingPattern.parse(value))
            },
            flag("hide_content", \.quiet.hideContent),
        ]),
    ]

    // MARK: Setting kinds

    private static func keeping<Value>(_ path: WritableKeyPath<Config, Value> & Sendable) -> @Sendable (inout Config, Config) -> Void {
        { $0[keyPath: path] = $1[keyPath: path] }
    }

    private static func number(_ key: String, _ path: WritableKeyPath<Config, Double> & Sendable,
                               _ bounds: Bounds) -> Setting {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            config[keyPath: path] = try number(value, bounds)
        }
    }

    /// A length that `default` leaves to another setting (nil).
    private static func optionalNumber(_ key: String, _ path: WritableKeyPath<Config, Double?> & Sendable,
                                       _ bounds: Bounds) -> Setting {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            config[keyPath: path] = isDefault(value) ? nil : try number(value, bounds)
        }
    }

    /// The left button: `default` is xtoast's own click.
    private static func mouse(_ key: String, _ path: WritableKeyPath<Config, [MouseAction]?> & Sendable) -> Setting {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            config[keyPath: path] = try mouseActions(value)
        }
    }

    /// `default` (nil), or dunst's actions, one or a list (`do_action, close_current`).
    private static func mouseActions(_ value: String) throws(ConfigProblem) -> [MouseAction]? {
        if isDefault(value) { return nil }
        guard let actions = MouseBindings.parse(value) else {
            throw ConfigProblem("expected default, or one or more of \(MouseAction.allCases.map(\.rawValue).joined(separator: "|")) "
                                + "separated by commas, got '\(value)'")
        }
        return actions
    }

    private static func integer(_ key: String, _ path: WritableKeyPath<Config, Int> & Sendable,
                                _ range: ClosedRange<Int>) -> Setting {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            guard let number = Int(value) else { throw ConfigProblem("expected a whole number, got '\(value)'") }
            guard range.contains(number) else {
                throw ConfigProblem("must be at least \(range.lowerBound) and at most \(range.upperBound), got \(value)")
            }
            config[keyPath: path] = number
        }
    }

    private static func flag(_ key: String, _ path: WritableKeyPath<Config, Bool> & Sendable) -> Setting {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            switch value.lowercased() {
            case "yes", "true": config[keyPath: path] = true
            case "no", "false": config[keyPath: path] = false
            default: throw ConfigProblem("expected yes or no, got '\(value)'")
            }
        }
    }

    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Config, Choice> & Sendable
    ) -> Setting where Choice.RawValue == String {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            guard let choice = Choice(rawValue: value.lowercased()) else {
                let names = Choice.allCases.map(\.rawValue).joined(separator: "|")
                throw ConfigProblem("'\(value)' is not one of \(names)")
            }
            config[keyPath: path] = choice
        }
    }

    /// One of a card's colours (`CardColors.Part`) in one layer; `default` leaves it to the
    /// style (or the broader layer).
    private static func cardColor(_ key: String, _ layer: ColorLayer, _ part: CardColors.Part) -> Setting {
        Setting(key: key, keep: { config, other in
            config.set(layer, part, other.colors(of: layer)[keyPath: part.path])
        }) { (config: inout Config, value: String) throws(ConfigProblem) in
            config.set(layer, part, isDefault(value) ? nil : try color(value))
        }
    }

    private static func text(_ key: String, _ path: WritableKeyPath<Config, String> & Sendable) -> Setting {
        Setting(key: key, keep: keeping(path)) { (config: inout Config, value: String) throws(ConfigProblem) in
            guard !value.isEmpty else { throw ConfigProblem("must not be empty") }
            guard value.utf8.count <= ConfigLimits.fontFamilyBytes else {
                throw ConfigProblem("must be at most \(ConfigLimits.fontFamilyBytes) bytes")
            }
            config[keyPath: path] = value
        }
    }

    /// A `[keys]` binding (`KeyChord`); `none` leaves the action without a key.
    private static func key(_ action: KeyAction) -> Setting {
        Setting(key: action.rawValue, keep: { $0.keys[action] = $1.keys[action] }) { (config: inout Config, value: String) throws(ConfigProblem) in
            if value.lowercased() == "none" { return config.keys[action] = nil }
            do throws(KeySpecError) {
                config.keys[action] = try KeyChord.parse(value)
            } catch {
                throw ConfigProblem(error.message)
            }
        }
    }

    // MARK: Values

    /// A `format`: at most `CardFormat.maxBytes`; empty would show no text at all (a rule's
    /// `skip = display` is the way to show nothing).
    static func format(_ value: String) throws(ConfigProblem) -> String {
        guard !value.isEmpty else { throw ConfigProblem("must not be empty; use default for xtoast's own layout") }
        guard value.utf8.count <= CardFormat.maxBytes else { throw ConfigProblem("must be at most \(CardFormat.maxBytes) bytes") }
        return value
    }

    /// `default` in `[colors]` and `[timeouts]` means "no override", so the example file can list
    /// those keys with their real default.
    private static func isDefault(_ value: String) -> Bool { value.lowercased() == "default" }

    static func number(_ value: String, _ bounds: Bounds) throws(ConfigProblem) -> Double {
        guard let number = Double(value), number.isFinite else {
            throw ConfigProblem("expected a number, got '\(value)'")
        }
        // `1e-400` reads as 0.0, and 0 means "until dismissed" for a timeout: refuse it.
        guard number != 0 || !JSON.hasNonzeroMantissa(value.utf8) else {
            throw ConfigProblem("'\(value)' is too small to tell from 0")
        }
        guard bounds.contains(number) else { throw ConfigProblem("must be \(bounds), got \(value)") }
        return number
    }

    static func color(_ value: String) throws(ConfigProblem) -> UInt32 {
        let digits = value.dropFirst()
        guard value.first == "#", digits.count == 6, digits.allSatisfy(\.isHexDigit),
              let color = UInt32(digits, radix: 16) else {
            throw ConfigProblem("expected a colour like #RRGGBB or 'default', got '\(value)'")
        }
        return color
    }
}

/// The allowed range of a number, with the wording used in diagnostics. Every setting has an
/// upper bound (see `ConfigLimits` for why).
struct Bounds: CustomStringConvertible, Sendable {
    var lower: Double
    var includesLower: Bool
    var upper: Double

    /// From 0 to `upper`.
    static func upTo(_ upper: Double) -> Bounds { Bounds(lower: 0, includesLower: true, upper: upper) }
    /// More than 0, at most `upper`.
    static func positive(upTo upper: Double) -> Bounds { Bounds(lower: 0, includesLower: false, upper: upper) }
    /// A duration in `[motion]`: more than 0, at most `ConfigLimits.motionSeconds`.
    static let seconds = positive(upTo: ConfigLimits.motionSeconds)
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
        return "\(low) and at most \(Self.format(upper))"
    }

    /// 0 rather than 0.0, 0.25 as is.
    private static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}
