/// How a card looks; each is a rendering of one of the seeds.
public enum CardStyle: String, CaseIterable, Sendable {
    /// A dark (or light) card tinted with the kind's colour, a 2 px border in that colour, radius 10.
    case tinted
    /// A neutral card with a 6 px bar of the kind's colour at its leading edge, radius 8,
    /// and a soft shadow where a compositor runs.
    case accent
    /// A pill holding the icon and one line of text, centred.
    case capsule

    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}

/// Who draws a card's shadow under a compositor (without one there is no shadow at all).
public enum ShadowMode: String, CaseIterable, Sendable {
    /// The compositor's own (picom `--shadow`, xcompmgr `-c`): the card's window is shaped to
    /// the rounded card, so that shadow follows the card and frames no transparent margin.
    case compositor
    /// Ours, the accent style's soft layered shadow, drawn in a margin around the card. Tell the
    /// compositor to leave notifications alone (picom: `shadow-exclude`), or both show.
    case own
    /// None from us; the window is shaped to the card, as with `compositor`.
    case none
}

/// Every user setting with its default. The config file (`ConfigParser`) overrides them;
/// `assets/config.example` documents each one and parses to exactly `Config.default`.
///
/// Lengths are pixels at scale 1; the renderer multiplies them by the HiDPI scale.
public struct Config: Equatable, Sendable {
    public var theme: Theme = .dark
    public var style: CardStyle = .tinted
    public var position: Position = .topRight
    /// Which monitor toasts go to when a request names none.
    public var follow: FollowRule = .none
    /// HiDPI factor; nil means derive it from `Xft.dpi` (see `Scale`).
    public var scale: Double?
    /// Fontconfig family name or pattern.
    public var font: String = "sans"
    /// Points, as Xft takes them; 10.5 pt matches common desktop UI text.
    public var fontSize: Double = 10.5
    /// Pango's weight and slant of the regular text (`[font] weight`, `style`).
    public var fontWeight: FontWeight = .normal
    public var fontStyle: FontSlant = .normal

    /// The face the screen loads: family, weight and style.
    public var fontFace: FontFace { FontFace(family: font, weight: fontWeight, style: fontStyle) }
    public var radius: Double = 10
    public var borderWidth: Double = 2
    public var padding: Double = 12
    public var cardWidth: Double = 360
    /// The side of the square an image (a file, `image-data`) is drawn in, beside the text;
    /// theme icons and the kind's icon keep `CardComposer.iconSize`.
    public var imageSize: Double = 48
    /// Space between stacked cards.
    public var gap: Double = 8
    /// Space between the stack and the screen edge.
    public var margin: Double = 16
    /// The space from the left or right side (`margin_x`), and from the top or bottom
    /// (`margin_y`), where they differ from `margin` (dunst's `offset`); nil: `margin`.
    public var horizontalMargin: Double?
    public var verticalMargin: Double?
    public var marginX: Double { horizontalMargin ?? margin }
    public var marginY: Double { verticalMargin ?? margin }
    /// Who draws the cards' shadow under a compositor: never both at once.
    public var shadow: ShadowMode = .compositor
    /// Cards beyond this many wait until one leaves; 0: as many as the monitor holds (`StackRoom`).
    public var maxVisible: Int = 5
    /// The order of a stack's cards (`StackOrder`): by arrival, newest at the edge.
    public var sort: StackSort = .arrival
    public var stack: StackDirection = .newestAtEdge
    /// The card's text (`[text]`): dunst's `format` (nil: xtoast's title over message),
    /// how markup is read, alignment, where "…" goes, and newlines read as spaces.
    public var format: String?
    /// `[text] show_age_threshold`: a card shown longer than this many seconds says how long
    /// (dunst's key and words, `CardAge`); nil (the default): no age.
    public var showAgeThreshold: Double?
    public var markup: MarkupMode = .full
    public var alignment: TextAlignment = .left
    public var ellipsize: EllipsizePlace = .end
    public var ignoreNewline = false
    /// What each mouse button does on a card (`[mouse]`).
    public var mouse = MouseBindings()
    /// Seconds a card stays; 0 keeps it until dismissed.
    public var timeout: Double = 4
    /// Milliseconds a toast's timeout grows by per word of its title and message, so a long
    /// one stays long enough to read (WCAG's "enough time"); 0: off (`ReadingTime`).
    public var timeoutPerWord: Double = 0
    /// Every timeout that ends is multiplied by this (2: twice as long).
    public var timeoutScale: Double = 1
    /// `[general] reduce_motion`: cards appear in place instead of moving (`reducesMotion`).
    public var reduceMotion: ReduceMotion = .auto
    /// `[card] theme`: high-contrast cards (`highContrast`).
    public var cardTheme: CardTheme = .auto
    /// What the desktop says now (XSETTINGS); no config file sets it: the daemon does, at
    /// start and whenever the desktop's settings change.
    public var desktop = DesktopSettings()
    /// What a fullscreen window does to toasts on its monitor (critical ones show).
    public var fullscreen: FullscreenMode = .delay
    /// What a locker covering a monitor does to its toasts.
    public var lock: LockMode = .hold
    /// `[general] focused_app`: what a notification from the application in front becomes
    /// (`FocusedApp`).
    public var focusedApp: FocusedAppMode = .quiet
    /// Seconds without keyboard or pointer input after which timers stop (the user is away);
    /// 0 never.
    public var idleThreshold: Int = 120
    /// Per-kind timeouts overriding `timeout`. A spinner is shown until its task reports back,
    /// so `loading` never expires by default.
    public var timeouts: [Kind: Double] = [.loading: 0]
    /// Per-kind accent colours (0xRRGGBB) overriding the theme's palette.
    public var colors: [Kind: UInt32] = [:]
    /// Card colours over the style's for every card (`[card] background`, …), per kind
    /// (`[colors] error.background`) and per urgency (`[colors] critical.background`); see
    /// `CardColors` for the order they apply in.
    public var cardColors = CardColors()
    public var kindColors: [Kind: CardColors] = [:]
    public var urgencyColors: [Urgency: CardColors] = [:]
    public var motion: MotionTuning = .standard
    /// The `[rule NAME]` sections, in file order; always the file's own (a reload that
    /// removes a rule removes it).
    public var rules: RuleSet = .empty
    /// Seconds a rule's script may run before its process group is killed.
    public var scriptTimeout: Double = 30
    /// The `[keys]` section: keys xtoast grabs; none by default.
    public var keys = KeyBindings()
    /// What opens a link clicked in a card (`[general] opener`): a program and its first
    /// arguments, the link appended as the last one.
    public var opener = ["xdg-open"]
    /// The menu program `xtoast menu` and the `[keys] menu` key run (`[general] menu`): it
    /// reads the lines on its standard input and prints the chosen one (dmenu, `rofi -dmenu`).
    public var menu = Config.defaultMenu
    /// dmenu, prompting with the program's name; `rofi -dmenu` reads and prints the same way.
    public static let defaultMenu = ["dmenu", "-p", "xtoast"]
    /// A toast identical to a visible or queued one adds to its count (`×N`) instead of a
    /// card of its own (`Repeats`).
    public var stackDuplicates = true
    /// Chromium's and Chrome's critical notifications show as normal with a long timeout,
    /// except a calendar's or a call site's (`BrowserCritical`).
    public var tameChromium = true
    /// Whether xtoast serves `org.gtk.Notifications` beside the freedesktop interface (GLib's
    /// `GNotification`); read at start.
    public var gtkNotifications = true
    /// Whether toasts may play sounds at all (they play only where a sound server answers).
    public var soundEnabled = true
    /// The sound-theme name a critical toast plays when neither it nor a rule names one;
    /// nil: none.
    public var criticalSound: String?
    /// The sound-theme name an incoming call loops while it rings (`[sound] ringtone`); nil: silent.
    public var ringtone: String? = "phone-incoming-call"
    /// Seconds an incoming call rings before it ends unanswered (`[calls] ring_for`).
    public var ringFor: Double = 60
    /// Ended toasts the history keeps, in memory and in its file (`[center] keep`); 0 keeps none.
    public var historyKeep: Int = 1000
    /// Days an ended toast stays in the history (`[center] keep_days`).
    public var historyKeepDays: Int = 30
    /// What becomes of the toasts a killed daemon left live (`[center] restore_after_crash`).
    public var restoreAfterCrash: CrashRestore = .center
    /// The notification centre's panel (`[center]`).
    public var center = CenterSettings()
    /// `[quiet] every` lines, each with its `allow`: times of the week that are quiet by
    /// themselves (`QuietSchedule`).
    public var quietSchedules: [QuietSchedule] = []
    /// Rate limits and what coming back from a quiet time shows (`[quiet]`).
    public var quiet = QuietSettings()

    public init() {}

    public static let `default` = Config()

    public var palette: Palette { theme.palette }

    /// The accent for `kind`: the override if set, otherwise the theme's.
    public func color(for kind: Kind) -> UInt32 { colors[kind] ?? palette.accent(for: kind) }

    /// The card colours a toast of `kind` and `urgency` gets before its rules': `[card]`, then
    /// its kind's, then its urgency's.
    public func cardColors(kind: Kind, urgency: Urgency) -> CardColors {
        cardColors.layered(kindColors[kind]).layered(urgencyColors[urgency])
    }

    /// One layer's colours (`ColorLayer`).
    func colors(of layer: ColorLayer) -> CardColors {
        switch layer {
        case .card: cardColors
        case .kind(let kind): kindColors[kind] ?? CardColors()
        case .urgency(let urgency): urgencyColors[urgency] ?? CardColors()
        }
    }

    /// Sets one colour of a layer. A kind or urgency whose colours are all `default` holds
    /// no entry, so a config that lists every key with `default` equals `Config.default`.
    mutating func set(_ layer: ColorLayer, _ part: CardColors.Part, _ color: UInt32?) {
        var colors = colors(of: layer)
        colors[keyPath: part.path] = color
        switch layer {
        case .card: cardColors = colors
        case .kind(let kind): kindColors[kind] = colors.isEmpty ? nil : colors
        case .urgency(let urgency): urgencyColors[urgency] = colors.isEmpty ? nil : colors
        }
    }

    /// Seconds a `kind` card stays when the client gave no timeout; 0 means until dismissed.
    public func timeout(for kind: Kind) -> Double { timeouts[kind] ?? timeout }
}

/// Where a card colour is set: for every card, for a kind, for an urgency.
enum ColorLayer: Hashable, Sendable {
    case card
    case kind(Kind)
    case urgency(Urgency)
}

/// Upper (and a few lower) bounds of the config file's numbers.
///
/// Every length ends up multiplied by the scale (up to 8) and handed to X, whose coordinates
/// and window sizes are 16-bit, and to pixel buffers whose size is width × height × 4: without
/// bounds, `width = 100000` or `padding = 1e9` asks for gigabytes or traps converting to
/// `Int16`, and crashes the daemon again at every start. The bounds are far past any sane
/// setting, and `assets/config.example` lists them beside each key.
public enum ConfigLimits {
    /// At scale 8, 2000 px is 16 000 device pixels: inside X's 32 767 with room for the shadow.
    /// Below 100 px nothing but the icon fits.
    public static let cardWidth = 2000.0
    public static let minimumCardWidth = 100.0
    /// An image's slot: below 16 it is smaller than an icon; at 256 (2048 px at scale 8) it
    /// is as large as dunst's biggest, and fits inside X's limits.
    public static let imageSize = 16.0...256.0
    public static let padding = 200.0
    public static let radius = 200.0
    public static let borderWidth = 50.0
    public static let gap = 500.0
    public static let margin = 1000.0
    /// Points; a line of 144 pt text is already a fifth of a 1080p screen.
    public static let fontSize = 144.0
    /// Bytes of a font family or pattern.
    public static let fontFamilyBytes = 256
    public static let maxVisible = 50
    /// Seconds, the same as the protocol's longest timeout.
    public static let timeout = ProtocolLimits.maxTimeout
    /// Milliseconds per word: a minute a word is already far past any reader.
    public static let timeoutPerWord = 60_000.0
    /// From a tenth to ten times the timeout.
    public static let timeoutScale = 0.1...10.0
    /// A call rings at least a few seconds, and no longer than ten minutes (no telephone
    /// network rings longer than a few).
    public static let ringFor = 5.0...600.0
    /// Seconds of any animation or measuring window in `[motion]`.
    public static let motionSeconds = 10.0
    /// Damping fractions (1 = no bounce; more only slows the spring).
    public static let dampingFraction = 10.0
    public static let enterThrow = 100.0
    /// Pixels per second.
    public static let speed = 100_000.0
    /// Pixels per second, per second.
    public static let acceleration = 1_000_000.0
    /// Pixels, for the pointer distances in `[motion]`.
    public static let distance = 1000.0
    /// Seconds of `idle_threshold`: a day. In milliseconds it fits the idle alarm's 32 bits.
    public static let idleThreshold = 86_400
}
