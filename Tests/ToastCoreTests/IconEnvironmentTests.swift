import Testing
import ToastCore

@Suite struct IconEnvironmentTests {
    @Test func variablesAreReadAndEmptyMeansUnset() {
        let variables = ["HOME": "/home/u", "XDG_DATA_HOME": "", "XDG_DATA_DIRS": "/opt/share:/usr/share",
                         "XDG_CONFIG_HOME": "/cfg", "XTOAST_ICON_THEME": "Papirus"]
        let environment = IconEnvironment { variables[$0] }
        #expect(environment == IconEnvironment(home: "/home/u", dataDirs: "/opt/share:/usr/share",
                                               configHome: "/cfg", themeOverride: "Papirus"))
        #expect(environment.baseDirectories ==
            ["/home/u/.local/share/icons", "/home/u/.icons", "/opt/share/icons", "/usr/share/icons",
             "/home/u/.local/share/flatpak/exports/share/icons", "/var/lib/flatpak/exports/share/icons", "/usr/share/pixmaps"])
    }

    @Test func flatpakExportsAddedOnceWhenTheDataDirsLackThem() {
        let named = IconEnvironment(home: "/home/u", dataDirs: "/home/u/.local/share/flatpak/exports/share:/var/lib/flatpak/exports/share:/usr/share")
        #expect(named.baseDirectories == ["/home/u/.local/share/icons", "/home/u/.icons", "/home/u/.local/share/flatpak/exports/share/icons",
                                          "/var/lib/flatpak/exports/share/icons", "/usr/share/icons", "/usr/share/pixmaps"])
        #expect(IconEnvironment(dataHome: "/data").flatpakExports == ["/data/flatpak/exports/share/icons", "/var/lib/flatpak/exports/share/icons"])
        #expect(IconEnvironment().flatpakExports == ["/var/lib/flatpak/exports/share/icons"])
    }

    @Test func gtkSettingsUserFirstThenSystemThenEtc() {
        #expect(IconEnvironment(home: "/home/u").gtkSettingsFiles ==
            ["/home/u/.config/gtk-3.0/settings.ini", "/etc/xdg/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini"])
        #expect(IconEnvironment(home: "/home/u", configHome: "/cfg", configDirs: "/a:/b").gtkSettingsFiles ==
            ["/cfg/gtk-3.0/settings.ini", "/a/gtk-3.0/settings.ini", "/b/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini"])
        #expect(IconEnvironment().gtkSettingsFiles == ["/etc/xdg/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini"])
    }

    @Test func themeFromOverrideElseFirstSettingsNamingOne() {
        let files = ["/home/u/.config/gtk-3.0/settings.ini": "[Settings]\ngtk-theme-name=Adwaita\n",
                     "/etc/xdg/gtk-3.0/settings.ini": "[Settings]\ngtk-icon-theme-name=Papirus\n",
                     "/etc/gtk-3.0/settings.ini": "[Settings]\ngtk-icon-theme-name=Tango\n"]
        #expect(IconEnvironment(home: "/home/u").themeName { files[$0] } == "Papirus")
        #expect(IconEnvironment(home: "/home/u", themeOverride: "Mine").themeName { files[$0] } == "Mine")
        #expect(IconEnvironment(home: "/home/u").themeName { _ in nil } == nil)
    }

    @Test func lookupUsesTheDecidedThemeAndDirectories() {
        let environment = IconEnvironment(home: "/home/u", dataHome: "/data", dataDirs: "/usr/share")
        let lookup = environment.lookup(workingDirectory: "/work", fileExists: { _ in false }, directoryExists: { _ in true },
                                        readIndex: { _ in nil }, readText: { $0 == "/etc/gtk-3.0/settings.ini" ? "[Settings]\ngtk-icon-theme-name=Tango\n" : nil })
        #expect(lookup.themeName == "Tango")
        #expect(lookup.baseDirectories == ["/data/icons", "/home/u/.icons", "/usr/share/icons", "/data/flatpak/exports/share/icons",
                                           "/var/lib/flatpak/exports/share/icons", "/usr/share/pixmaps"])
        #expect(lookup.home == "/home/u" && lookup.workingDirectory == "/work")
    }
}
