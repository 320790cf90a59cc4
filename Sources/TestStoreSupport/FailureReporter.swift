import Testing
import XCTest

/// Sends a test store's failures to the framework that runs the current test.
///
/// Under Swift Testing a failure is an `Issue.record`, so `withKnownIssue` can expect it; otherwise
/// it is an `XCTFail`. Swift Testing is the framework when a test of it is current, or when the
/// call that failed, or the test store or clock it belongs to, was made while one was: a failure
/// found in a detached task, where no test is current, is then recorded for the test run (Swift
/// Testing cannot tell which test it belongs to, so `withKnownIssue` does not see it) instead of
/// going to an `XCTFail` that no running XCTest would record.
///
/// Tests of the test stores themselves bind `capture` to collect the messages instead, which is how
/// an XCTest asserts on a failure's text where `XCTExpectFailure` does not exist
/// (swift-corelibs-xctest has none).
package enum FailureReporter {
    /// Receives every failure instead of the test framework while bound (task-local).
    @TaskLocal package static var capture: (@Sendable (String, CallSite) -> Void)?

    /// Reports `message` as a failure of the running test, at `site`.
    ///
    /// - Parameters:
    ///   - site: Where the failing call was made.
    ///   - madeInSwiftTest: Whether the test store (or clock) the call belongs to was made while a
    ///     Swift Testing test was running.
    package static func fail(_ message: String, at site: CallSite, madeInSwiftTest: Bool = false) {
        if let capture {
            capture(message, site)
        } else if reportsToSwiftTesting(site: site, madeInSwiftTest: madeInSwiftTest) {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: String(describing: site.fileID),
                    filePath: String(describing: site.filePath),
                    // Swift Testing takes lines and columns from 1 to `Int.max`; a `line:` given by
                    // hand may be outside.
                    line: Int(clamping: Swift.max(site.line, 1)),
                    column: Int(clamping: Swift.max(site.column, 1))
                )
            )
        } else {
            XCTFail(message, file: site.filePath, line: site.line)
        }
    }

    /// Whether a failure at `site` goes to Swift Testing (see the type's description).
    package static func reportsToSwiftTesting(site: CallSite, madeInSwiftTest: Bool) -> Bool {
        Test.current != nil || site.isInSwiftTest || madeInSwiftTest
    }
}

/// A failure a test store reported while `FailureReporter.captureFailures` collected them.
package struct CapturedFailure: Sendable, Equatable {
    package let message: String
    package let filePath: String
    package let line: UInt
}

extension FailureReporter {
    /// Runs `body` with the test stores' failures collected instead of reported, and returns them:
    /// how the tests of the test stores assert on failures under XCTest.
    package static func captureFailures(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async -> Void
    ) async -> [CapturedFailure] {
        let failures = LockedBox<[CapturedFailure]>([])
        let collect: @Sendable (String, CallSite) -> Void = { message, site in
            failures.withLock {
                $0.append(CapturedFailure(message: message, filePath: "\(site.filePath)", line: site.line))
            }
        }
        await $capture.withValue(collect) {
            await body()
        }
        return failures.withLock { $0 }
    }
}

extension FailureReporter {
    /// Runs `attempt` up to `attempts` times, until one is decided (none of its failures is
    /// `undecided`), and returns that attempt's failures; `nil` if no attempt was decided. For the
    /// tests of the test stores whose scenario is a race that a loaded machine can make them lose
    /// (a thread kept from running while another one ends what the scenario needed it to hold).
    package static func firstDecidedAttempt(
        attempts: Int,
        undecided: (CapturedFailure) -> Bool,
        isolation: isolated (any Actor)? = #isolation,
        _ attempt: () async -> [CapturedFailure]
    ) async -> [CapturedFailure]? {
        for _ in 0..<attempts {
            let failures = await attempt()
            if !failures.contains(where: undecided) {
                return failures
            }
        }
        return nil
    }
}
