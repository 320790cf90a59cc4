import TestSupport
import Testing

@testable import FlowKernel

@Suite struct MisuseReporterTests {
    @Test func reportsEachKindOnceOnOneLine() {
        let lines = Recorder<String>()
        let reporter = MisuseReporter(isEnabled: true, write: lines.observer)
        reporter.report(kind: "a", "first")
        reporter.report(kind: "a", "again")
        reporter.report(kind: "b", "other")
        #expect(lines.count == 2)
        #expect(lines.values.allSatisfy { !$0.contains("\n") })
        #expect(lines.values.first?.hasPrefix("[a] first") == true)
        #expect(reporter.hasReported("a") && reporter.hasReported("b"))
    }

    @Test func disabledReporterWritesNothing() {
        let lines = Recorder<String>()
        let reporter = MisuseReporter(isEnabled: false, write: lines.observer)
        reporter.report(kind: "a", "first")
        #expect(lines.values.isEmpty)
        #expect(!reporter.hasReported("a"))
    }

    @Test func testsRunAsADebugBuild() {
        #expect(MisuseReporter.isDebugBuild)
    }
}
