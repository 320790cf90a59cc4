import Dispatch
import ReactiveLite
import RxStateCore
import Testing

// What code written against RxState 0.6.0's source (not its README) becomes, quoted by
// docs/rxstate.md, "Migrating from RxState 0.6.0": a middleware that dispatched through the store
// `observe(store:)` handed it, a class kept in a substate, and the `flatMap` + `distinctUntilChanged`
// shortcut of RxState's example app. Found by porting that app's store wiring.

enum UploadAction: ActionType {
    case started
    case finished
}

struct UploadState: SubstateType, Equatable {
    var isUploading = false
    var uploads = 0
}

// snippet: middleware-dispatching
/// Answers each `.started` with `.finished`. RxState 0.6.0 handed a middleware the store in
/// `observe(store:)`; here it is given the store when it is made, and holds it weakly: the store
/// keeps its middleware for its lifetime, so a strong reference would be a cycle.
final class FinishingMiddleware: MiddlewareType {
    let disposeBag = DisposableScope()
    weak let store: Store?

    init(store: Store) {
        self.store = store
    }

    func observe(currentStateLastAction: Signal<CurrentStateLastAction>) {
        disposeBag += currentStateLastAction.observe { [weak self] _, action in
            guard case .started? = action as? UploadAction else { return }
            // Queued behind the action being announced, applied before the outer dispatch returns.
            self?.store?.dispatch(action: UploadAction.finished)
        }
    }
}
// snippet-end: middleware-dispatching

// snippet: class-in-substate
/// A class kept in a substate must be `Sendable`: one that holds view controllers is main-actor
/// isolated (as they are), which makes it `Sendable`; one with other mutable state keeps that
/// state behind a lock and is `@unchecked Sendable`, with a comment that names the lock.
@MainActor final class Navigator {
    weak var visible: AnyObject?
}

struct FlowState: SubstateType {
    let navigator: Navigator
}
// snippet-end: class-in-substate

@Suite struct MigrationRecipeTests {
    func makeUploadStore() -> Store {
        let store = Store()
        store.dispatch(action: StoreAction.add(states: [UploadState()]))
        store.register(UploadState.self, for: UploadAction.self) { state, action in
            switch action {
            case .started:
                state.isUploading = true
            case .finished:
                state.isUploading = false
                state.uploads += 1
            }
        }
        return store
    }

    @Test func aMiddlewareGivenTheStoreDispatchesAFollowUpThatIsAppliedBeforeTheDispatchReturns() {
        let store = makeUploadStore()
        store.register(middlewares: [FinishingMiddleware(store: store)])
        store.dispatch(action: UploadAction.started)
        #expect(store.substate(UploadState.self) == UploadState(isUploading: false, uploads: 1))
    }

    @Test func aMiddlewareHoldingTheStoreWeaklyDoesNotKeepItAlive() {
        var store: Store? = makeUploadStore()
        store?.register(middlewares: [FinishingMiddleware(store: store!)])
        weak let released = store
        store = nil
        #expect(released == nil)
    }

    @Test @MainActor func aMainActorClassCanBeKeptInASubstate() {
        let store = Store()
        let navigator = Navigator()
        store.dispatch(action: StoreAction.add(states: [FlowState(navigator: navigator)]))
        #expect(store.substate(FlowState.self)?.navigator === navigator)
    }

    @Test func substateSignalReplacesTheFlatMapAndDistinctUntilChangedShortcut() {
        let store = makeUploadStore()
        let seen = Box([UploadState]())
        // snippet: distinct-substate
        // RxState's example app (its `tasksState` shortcut):
        //   store.state.flatMap { states in Driver.just(the first of states `as? UploadState`) }
        //       .distinctUntilChanged()
        let uploads = store.substateSignal(UploadState.self)  // the current value, then each change
        // snippet-end: distinct-substate
        let disposable = uploads.observe { state in seen.modify { $0.append(state) } }
        store.dispatch(action: UploadAction.started)
        store.dispatch(action: UploadAction.started)  // changes nothing: not announced again
        store.dispatch(action: UploadAction.finished)
        disposable.dispose()
        #expect(
            seen.value == [
                UploadState(), UploadState(isUploading: true, uploads: 0),
                UploadState(isUploading: false, uploads: 1),
            ])
    }
}
