import TestStoreSupport
import Testing

/// Which framework a test store's failure goes to (the same code serves the three testing
/// products).
@Suite struct FailureReporterTests {
    /// A failure found in a detached task, where no test is current, still goes to Swift Testing
    /// when the test store (or the call) was made in a Swift Testing test. It went to `XCTFail`,
    /// which no running XCTest recorded, so a `finish()` awaited in a detached task passed with an
    /// effect still running.
    @Test func aFailureFoundWhereNoTestIsCurrentGoesToTheFrameworkTheStoreWasMadeIn() async {
        let made = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        #expect(made.isInSwiftTest)
        let answers = await Task.detached { () -> [Bool] in
            let site = CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
            return [
                Test.current == nil,
                site.isInSwiftTest,
                FailureReporter.reportsToSwiftTesting(site: site, madeInSwiftTest: made.isInSwiftTest),
                FailureReporter.reportsToSwiftTesting(site: site, madeInSwiftTest: false),
            ]
        }.value
        // No test is current there, so only where the store was made tells: Swift Testing here,
        // XCTest for a store made outside any Swift Testing test.
        #expect(answers == [true, false, true, false])
    }

    /// A failure at a `line:` or `column:` Swift Testing cannot take (0, or above `Int.max`, passed
    /// by hand) is recorded at the nearest one it can: converting `UInt.max` to `Int` trapped.
    @Test func aFailureAtALineOutOfSwiftTestingsRangeIsStillRecorded() {
        withKnownIssue {
            let site = CallSite(fileID: #fileID, filePath: #filePath, line: .max, column: 0)
            FailureReporter.fail("at the largest line", at: site)
        }
    }
}
