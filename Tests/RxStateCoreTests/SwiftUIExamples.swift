import Observation
import RxStateCore
import TestSupport
import Testing

// The RxStateCore section of docs/swiftui.md: the substate a SwiftUI view observes, compiled and
// tested here; the view itself is Apple-only and quoted in the page.

// snippet: swiftui-rxstate-model
struct InboxState: SubstateType, Equatable {
    var messages: [String] = []
    var unread = 0
}

enum InboxAction: ActionType {
    case receive(String)
    case markAllRead
}

func makeAppStore() -> Store {
    let store = Store()
    store.register(InboxState.self, for: InboxAction.self) { inbox, action in
        switch action {
        case .receive(let message):
            inbox.messages.append(message)
            inbox.unread += 1
        case .markAllRead:
            inbox.unread = 0
        }
    }
    store.dispatch(action: StoreAction.add(states: [InboxState()]))
    return store
}
// snippet-end: swiftui-rxstate-model

@Suite @MainActor struct RxStateSwiftUIExampleTests {
    @Test func theBadgeIsUpdatedByTheUnreadCountAlone() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = makeAppStore()
        store.dispatch(action: InboxAction.receive("Hello"))
        // snippet: swiftui-rxstate-logic
        let inbox = ObservableSubstate(InboxState.self, of: store, whenAbsent: InboxState())
        let badge = ObservationProbe { "\(inbox.unread) unread" }  // what the badge reads
        store.dispatch(action: InboxAction.markAllRead)  // invalidated: `unread` changed
        store.dispatch(action: InboxAction.markAllRead)  // not invalidated: the substate is equal
        // snippet-end: swiftui-rxstate-logic
        #expect(badge.invalidations == 1)
        #expect(badge.reads == ["1 unread", "1 unread"])
        #expect(inbox.messages == ["Hello"])
    }
}
