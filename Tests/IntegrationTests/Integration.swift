import Testing

/// Every integration test runs the real binaries on an X server it shares with the others, so
/// the tests of one server run one at a time: suites nested in these inherit `.serialized`.
/// The two halves run side by side, each on its own server (`TestDisplay`): most of a test's
/// time is waiting for the screen, not the processor. Tests of the accessibility bus, sound
/// and input methods stay in the first half, so no two of those servers run at once.
@Suite(.serialized) struct Integration {}

/// The second half of the integration tests, on `TestDisplay.second`.
@Suite(.serialized, .onSecondDisplay) struct IntegrationOnSecondDisplay {}

/// Helpers the two halves share, reached by their short names from either half.
extension Integration {
    typealias CardTests = IntegrationOnSecondDisplay.CardTests
    typealias NotificationServerTests = IntegrationOnSecondDisplay.NotificationServerTests
    typealias HistoryStoreTests = IntegrationOnSecondDisplay.HistoryStoreTests
    typealias ScriptAndImageTests = IntegrationOnSecondDisplay.ScriptAndImageTests
}

extension IntegrationOnSecondDisplay {
    typealias FoundationTests = Integration.FoundationTests
    typealias TalkBackTests = Integration.TalkBackTests
    typealias InstallTests = Integration.InstallTests
    typealias SnoozeTests = Integration.SnoozeTests
}
