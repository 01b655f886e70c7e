import ToastCore

/// Starts an application from its `.desktop` file when an action for it could not be
/// delivered on the bus (it is not running and not D-Bus activatable), for
/// `org.gtk.Notifications` and the portal's `app.` actions alike.
struct ApplicationLauncher {
    let readDesktopEntry: (String) -> DesktopEntry?
    /// Starts a program for the user (`Programs.userActions`), with variables over the daemon's environment.
    let runForUser: (RuleScript, [(String, String)]) -> Void

    /// Runs the application's `Exec` (field codes dropped) with its startup id in the
    /// environment. The `.desktop` file is the user's or the system's, chosen by an
    /// application id (self-declared, but valid): it starts only what is installed. False
    /// when it has no `Exec` to run.
    func launch(appID: String, token: String?) -> Bool {
        guard let exec = readDesktopEntry(appID)?.exec, let words = DesktopExec.words(exec) else { return false }
        let environment = token.map { [("DESKTOP_STARTUP_ID", $0), ("XDG_ACTIVATION_TOKEN", $0)] } ?? []
        runForUser(RuleScript(rule: appID, command: words), environment)
        return true
    }
}
