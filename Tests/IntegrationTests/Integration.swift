import Testing

/// Every integration test runs the real binaries on one X server, so they run one at a time:
/// suites nested in this one inherit `.serialized`.
@Suite(.serialized) struct Integration {}
