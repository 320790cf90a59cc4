import PrexCore
import Testing

// The in-place example of docs/prex.md (trade-offs), between `snippet` markers that Tests/DocsTests
// checks, inside a test that checks what the docs say it does.

// snippet: prex-in-place
struct LogState: State {
    var lines: [String] = []
}

enum LogAction: Action {
    case append(String)
}

struct LogMutation: Mutation {
    func mutate(action: LogAction, state: inout LogState) {
        switch action {
        case .append(let line): state.lines.append(line)  // in place: no copy of `lines`
        }
    }
}

let logFlux = Flux(mutatingInPlace: LogState(), mutation: LogMutation())
// snippet-end: prex-in-place

@Suite struct InPlaceDocsExamples {
    @Test func theInPlaceLogAppendsAndAnnouncesChangesWithNoOldState() {
        let changes = Log<StateChange<LogState>>()
        // snippet: prex-in-place-listener
        let subscription = logFlux.store.addListener { change in
            // `change.old` is always nil on this flux: every property counts as changed.
            changes.append(change)
        }
        logFlux.dispatcher.dispatch(.append("started"))
        // snippet-end: prex-in-place-listener
        #expect(logFlux.store.state.lines.last == "started")
        #expect(changes.values.count == 1)
        #expect(changes.values.allSatisfy { $0.old == nil })
        #expect(changes.values.first?.lines?.value.last == "started")
        withExtendedLifetime(subscription) {}
    }
}
