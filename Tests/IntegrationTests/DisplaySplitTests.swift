import CX11
import Testing

extension IntegrationOnSecondDisplay {
    /// The second half really draws on a server of its own: were the trait lost, its tests
    /// would share the first server with the first half's, both running at once.
    @Suite struct DisplaySplitTests {
        @Test("a test of the second half runs on the second X server, which is not the first")
        func secondHalfOnItsOwnServer() throws {
            #expect(TestDisplay.name == TestDisplay.second)
            #expect(TestDisplay.second != TestDisplay.first)
            let probe = try XProbe()
            #expect(String(cString: XDisplayString(probe.display)) == TestDisplay.second)
        }
    }
}

extension Integration {
    @Suite struct FirstDisplayTests {
        @Test("a test of the first half runs on the first X server")
        func firstHalfOnTheFirstServer() {
            #expect(TestDisplay.name == TestDisplay.first)
        }
    }
}
