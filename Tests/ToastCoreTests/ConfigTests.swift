import Testing
import ToastCore

@Suite struct ConfigTests {
    @Test func defaults() {
        let config = Config.default
        #expect(config.theme == .dark)
        #expect(config.style == .tinted)
        #expect(config.position == .topRight)
        #expect(config.scale == nil)
        #expect(config.font == "sans")
        #expect(config.fontSize == 10.5)
        #expect(config.radius == 10)
        #expect(config.borderWidth == 2)
        #expect(config.padding == 12)
        #expect(config.cardWidth == 360)
        #expect(config.gap == 8)
        #expect(config.margin == 16)
        #expect(config.maxVisible == 5)
        #expect(config.timeout == 4)
        #expect(config.timeouts == [.loading: 0])
        #expect(config.colors.isEmpty)
        #expect(config.motion == .standard)
    }

    @Test func darkAccents() {
        let dark = Palette.dark
        #expect([Kind.info, .success, .warning, .error, .notice, .debug].map(dark.accent(for:))
                == [0x0A84FF, 0x30D158, 0xFFD60A, 0xFF453A, 0xFF9F0A, 0xBF5AF2])
        for kind in Kind.allCases {
            #expect(dark.accents[kind] == kind.defaultColor)
        }
    }

    @Test func lightAccents() {
        let light = Palette.light
        #expect([Kind.info, .success, .warning, .error, .notice, .debug].map(light.accent(for:))
                == [0x007AFF, 0x34C759, 0xD9A400, 0xFF3B30, 0xFF9500, 0xAF52DE])
        #expect(Set(light.accents.keys) == Set(Kind.allCases))
    }

    @Test func themesHaveReadableText() {
        #expect(Theme.dark.palette.background < Theme.dark.palette.text)
        #expect(Theme.light.palette.background > Theme.light.palette.text)
    }

    @Test func colorFollowsThemeUnlessOverridden() {
        var config = Config()
        #expect(config.color(for: .info) == 0x0A84FF)
        config.theme = .light
        #expect(config.color(for: .info) == 0x007AFF)
        config.colors[.info] = 0x123456
        #expect(config.color(for: .info) == 0x123456)
        #expect(config.color(for: .error) == 0xFF3B30)
    }

    @Test func timeoutFallsBackToTheGeneralOne() {
        var config = Config()
        #expect(config.timeout(for: .info) == 4)
        #expect(config.timeout(for: .loading) == 0)
        config.timeout = 6
        config.timeouts[.error] = 10
        #expect(config.timeout(for: .info) == 6)
        #expect(config.timeout(for: .error) == 10)
    }

    @Test func enumNamesForMessages() {
        #expect(Theme.names == "dark|light")
        #expect(CardStyle.names == "tinted|accent|capsule")
    }
}
