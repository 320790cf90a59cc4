import PrexCore
import TestSupport
import Testing

@Suite struct StateChangeTests {
    @Test func propertyThatDiffersIsReportedWithItsNewValue() {
        let change = StateChange(new: TestState(count: 2), old: TestState(count: 1))
        #expect(change.changedProperty(for: \.count) == ChangedProperty(value: 2))
        #expect(change.count?.value == 2)
    }

    @Test func prexsPropertyChangeNameIsTheChangedPropertyType() {
        let change = StateChange(new: TestState(count: 2), old: TestState(count: 1))
        let count: StateChange<TestState>.PropertyChange<Int>? = change.count
        #expect(count?.value == 2)
    }

    @Test func propertyThatIsEqualIsNotReported() {
        let change = StateChange(new: TestState(count: 2, title: "a"), old: TestState(count: 1, title: "a"))
        #expect(change.changedProperty(for: \.title) == nil)
        #expect(change.title == nil)
    }

    @Test func everyPropertyCountsAsChangedWithoutOldState() {
        let change = StateChange(new: TestState(count: 0, title: ""), old: nil)
        #expect(change.count?.value == 0)
        #expect(change.title?.value == "")
        #expect(change.log?.value == [])
    }

    @Test func nestedKeyPathsCompareTheLeafValue() {
        let change = StateChange(new: TestState(log: ["a", "b"]), old: TestState(log: ["a"]))
        #expect(change.log?.value.count == 2)
        #expect(change.changedProperty(for: \.log.count)?.value == 2)
        #expect(change.changedProperty(for: \.log.first) == nil)
    }

    @Test func keepsBothStates() {
        let change = StateChange(new: TestState(count: 2), old: TestState(count: 1))
        #expect(change.new.count == 2)
        #expect(change.old?.count == 1)
    }
}
