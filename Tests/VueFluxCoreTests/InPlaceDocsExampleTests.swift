import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

// The in-place example of docs/vueflux.md ("What a dispatch costs"), between `snippet` markers that
// Tests/DocsTests checks, inside a test that checks what the docs say it does.

enum FeedAction {
    case received(String)
}

// snippet: vueflux-in-place
final class FeedState: State {
    typealias Action = FeedAction
    typealias Mutations = FeedMutations

    fileprivate let lines = Variable<[String]>([])
}

struct FeedMutations: Mutations {
    func commit(action: FeedAction, state: FeedState) {
        switch action {
        case .received(let line):
            // Not `state.lines.value.append(line)`, which reads a copy and writes it back.
            state.lines.append(line)
        }
    }
}
// snippet-end: vueflux-in-place

extension Computed where State == FeedState {
    var lines: Signal<[String]> {
        state.lines.signal
    }
}

@Suite struct InPlaceDocsExampleTests {
    @Test func appendingThroughTheVariableDeliversEachNewArray() {
        let store = Store<FeedState>(state: FeedState(), mutations: FeedMutations(), executor: .immediate)
        let recorder = Recorder<[String]>()
        let observation = store.computed.lines.observe(recorder.observer)
        store.actions.dispatch(action: .received("a"))
        store.actions.dispatch(action: .received("b"))
        #expect(recorder.values == [[], ["a"], ["a", "b"]])
        observation.dispose()
    }
}
