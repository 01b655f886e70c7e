# Shared by scripts/*: installs what is missing, builds, and starts a private Xvfb.
# Sourced, not run.

# Debian packages xtoast needs to build and run.
XTOAST_BUILD_PACKAGES=(pkg-config libx11-dev libxft-dev libfontconfig1-dev libxext-dev libxrender-dev
                       libxtst-dev libxrandr-dev libxfixes-dev libpango1.0-dev
                       libgdk-pixbuf-2.0-dev librsvg2-common libsystemd-dev fonts-dejavu-core
                       libxss-dev libxi-dev)
# Extra packages for tests, screenshots and benchmarks.
XTOAST_TEST_PACKAGES=(xvfb x11-xserver-utils x11-utils xcompmgr imagemagick fonts-noto-color-emoji fonts-droid-fallback
                      fonts-noto-core adwaita-icon-theme man-db mandoc dbus libnotify-bin dpkg-dev lintian
                      openbox xdotool wmctrl i3lock tint2 pulseaudio pulseaudio-utils libcanberra0 libcanberra-pulse
                      sound-theme-freedesktop picom xsecurelock suckless-tools xscreensaver slop python3-gi gir1.2-glib-2.0
                      dunst at-spi2-core python3-pyatspi xsettingsd ibus ibus-anthy libglib2.0-bin gsettings-desktop-schemas
                      xterm orca speech-dispatcher bubblewrap xdg-desktop-portal xdg-desktop-portal-gtk python3-xlib)
# What scripts/package needs to build and check the Debian package.
XTOAST_PACKAGE_PACKAGES=(dpkg-dev lintian)

# Installs the given Debian packages that are not installed yet (apt-get update only if needed).
ensure_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# Starts Xvfb on a free display; sets XVFB_PID and XVFB_DISPLAY. Stop it with stop_xvfb.
start_xvfb() {
    local size=${1:-1280x800x24}
    local fifo
    fifo=$(mktemp -u)
    mkfifo "$fifo"
    Xvfb -displayfd 3 -screen 0 "$size" -nolisten tcp 3>"$fifo" >/dev/null 2>&1 &
    XVFB_PID=$!
    read -r number <"$fifo"
    rm -f "$fifo"
    XVFB_DISPLAY=":$number"
}

stop_xvfb() {
    [ -n "${XVFB_PID:-}" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null || true
}
