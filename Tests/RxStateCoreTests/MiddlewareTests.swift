import Dispatch
import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

/// An observe-only middleware in the README's shape.
private final class CountingMiddleware: MiddlewareType {
    let disposableScope = DisposableScope()
    let seen = Recorder<String>()

    func observe(currentStateLastAction: Signal<CurrentStateLastAction>) {
        let seen = self.seen
        disposableScope += currentStateLastAction.observe { currentState, lastAction in
            seen.append("\(count(in: currentState)) \(lastAction.map { "\($0)" } ?? "nil")")
        }
    }
}

/// Tags an action with each interceptor it went through.
private func tagging(_ tag: String, into log: Recorder<String>) -> InterceptingMiddleware {
    InterceptingMiddleware { action, _, next in
        log.append("\(tag) \(action)")
        next(action)
    }
}

@Suite struct MiddlewareTests {
    @Test func observingMiddlewareSeesTheCurrentPairThenEachStateWithItsAction() {
        let store = makeStore()
        let middleware = CountingMiddleware()
        store.register(middlewares: [middleware])
        store.dispatch(action: CounterAction.set(5))
        store.dispatch(action: CounterAction.increment)
        let seen = middleware.seen.values
        #expect(seen.count == 3)
        #expect(Array(seen.dropFirst()) == ["5 set(5)", "6 increment"])
    }

    @Test func storeKeepsItsObservingMiddlewaresAliveAsRxStateDoes() {
        let store = makeStore()
        let seen: Recorder<String>
        weak var released: CountingMiddleware?
        do {
            let middleware = CountingMiddleware()
            seen = middleware.seen
            released = middleware
            store.register(middlewares: [middleware])
        }
        store.dispatch(action: CounterAction.set(5))
        store.dispatch(action: CounterAction.increment)
        #expect(Array(seen.values.dropFirst()) == ["5 set(5)", "6 increment"])
        #expect(released != nil)
        #expect(store.middlewares.count == 1)
        #expect(store.middlewares.first as? CountingMiddleware === released)
    }

    @Test func storeReleasesItsObservingMiddlewaresWhenItGoes() {
        weak var released: CountingMiddleware?
        do {
            let store = makeStore()
            let middleware = CountingMiddleware()
            released = middleware
            store.register(middlewares: [middleware])
        }
        #expect(released == nil)
    }

    @Test func observingMiddlewareStopsWithItsScope() {
        let store = makeStore()
        let middleware = CountingMiddleware()
        store.register(middlewares: [middleware])
        middleware.disposableScope.dispose()
        store.dispatch(action: CounterAction.increment)
        #expect(middleware.seen.count == 1)
        #expect(store.observerCount == 0)
    }

    @Test func interceptorsRunInRegistrationOrderBeforeTheReducers() {
        let store = makeStore()
        let log = Recorder<String>()
        store.register(interceptors: [tagging("first", into: log), tagging("second", into: log)])
        store.register(CounterState.self, for: CounterAction.self) { _, action in
            log.append("reducer \(action)")
        }
        store.state.observe { _ in log.append("observer") }
        store.dispatch(action: CounterAction.increment)
        #expect(
            log.values == [
                "observer", "first increment", "second increment", "reducer increment", "observer",
            ])
    }

    @Test func interceptorCanTransformAnAction() {
        let store = makeStore()
        store.register(interceptors: [
            InterceptingMiddleware { action, _, next in
                if case .increment? = action as? CounterAction {
                    next(CounterAction.add(10))
                } else {
                    next(action)
                }
            }
        ])
        store.dispatch(action: CounterAction.increment)
        #expect(store.substate(CounterState.self)?.count == 10)
        #expect(store.lastAction as? CounterAction == .add(10))
    }

    @Test func interceptorCanDropAnActionAndNothingIsAnnounced() {
        let store = makeStore()
        store.register(interceptors: [
            InterceptingMiddleware { action, _, next in
                if action is TasksAction { return }
                next(action)
            }
        ])
        let announced = Recorder<Int>()
        store.state.observe { announced.append(count(in: $0)) }
        store.dispatch(action: TasksAction.add("dropped"))
        store.dispatch(action: CounterAction.increment)
        #expect(store.substate(TasksState.self)?.tasks == [])
        #expect(announced.values == [0, 1])
    }

    @Test func interceptorCanPassOnSeveralActionsInOrderBeforeOtherQueuedOnes() {
        let store = makeStore()
        let applied = Recorder<Int>()
        store.register(interceptors: [
            InterceptingMiddleware { action, store, next in
                guard case .set(let value)? = action as? CounterAction, value == 1 else {
                    next(action)
                    return
                }
                store.dispatch(action: CounterAction.set(100))  // queued behind what next passes on
                next(CounterAction.set(1))
                next(CounterAction.set(2))
            }
        ])
        store.currentStateLastAction.observe { state, action in
            if action is CounterAction { applied.append(count(in: state)) }
        }
        store.dispatch(action: CounterAction.set(1))
        #expect(applied.values == [1, 2, 100])
    }

    @Test func interceptorCanDelayAnActionAndTheLaterInterceptorsStillSeeIt() {
        let store = makeStore()
        let log = Recorder<String>()
        // The interceptor keeps `next` for later, as one waiting for a timer or a reply would; the
        // test plays "later" by calling it, instead of sleeping.
        let delayed = Box<(@Sendable () -> Void)?>(nil)
        store.register(interceptors: [
            InterceptingMiddleware { action, _, next in
                if action is TasksAction {
                    delayed.value = { next(action) }
                } else {
                    next(action)
                }
            },
            tagging("second", into: log),
        ])
        store.dispatch(action: TasksAction.add("later"))
        #expect(store.substate(TasksState.self)?.tasks == [])
        store.dispatch(action: CounterAction.increment)
        delayed.value?()
        #expect(store.substate(TasksState.self)?.tasks == ["later"])
        #expect(log.values == ["second increment", "second add(\"later\")"])
    }

    @Test func delayedNextAfterTheStoreIsGoneDoesNothing() async {
        let delayed = Box<(@Sendable (ActionType) -> Void)?>(nil)
        weak var weakStore: Store?
        do {
            let store = makeStore()
            store.register(interceptors: [InterceptingMiddleware { _, _, next in delayed.value = next }])
            store.dispatch(action: CounterAction.increment)
            weakStore = store
        }
        #expect(weakStore == nil)
        delayed.value?(CounterAction.increment)
        #expect(weakStore == nil)
    }

    @Test func dispatchFromAnObservingMiddlewareIsQueuedBehindTheCurrentAction() {
        let store = makeStore()
        let counts = Recorder<Int>()
        store.register(middlewares: [
            ReactingMiddleware { [weak store] state, action in
                counts.append(count(in: state))
                if case .set(0)? = action as? CounterAction {
                    store?.dispatch(action: CounterAction.set(1))
                }
            }
        ])
        store.currentStateLastAction.observe { state, _ in counts.append(count(in: state) * 10) }
        store.dispatch(action: CounterAction.set(0))
        // The second observer hears about set(0) before anyone hears about set(1).
        #expect(counts.values == [0, 0, 0, 0, 1, 10])
    }

    /// An interceptor that registers another interceptor and a reducer, then passes the action on,
    /// has both applied to that same action (the chain and the reducers are looked up at each
    /// stage), and to every later one.
    @Test func registrationsMadeByAnInterceptorApplyToTheActionItPassesOn() {
        let store = makeStore()
        let log = Recorder<String>()
        store.register(interceptors: [RegisteringInterceptor(log: log, registered: Box(false))])
        store.dispatch(action: CounterAction.increment)
        #expect(log.values == ["first increment", "second increment"])
        #expect(store.substate(TasksState.self)?.tasks == ["increment"])
        store.dispatch(action: CounterAction.add(2))
        #expect(log.values.suffix(2) == ["first add(2)", "second add(2)"])
        #expect(store.substate(TasksState.self)?.tasks == ["increment", "add(2)"])
        #expect(store.substate(CounterState.self)?.count == 3)
    }

    /// Unlike Redux's, `next` does not apply the action before it returns: an interceptor reading
    /// the state right after `next` sees the state before the action, and the action is applied
    /// once the interceptor returns.
    @Test func nextDoesNotApplyTheActionBeforeItReturns() {
        let store = makeStore()
        let readAfterNext = Box<[Int]>([])
        store.register(interceptors: [ReadingAfterNextInterceptor(read: readAfterNext)])
        store.dispatch(action: CounterAction.increment)
        store.dispatch(action: CounterAction.increment)
        #expect(readAfterNext.value == [0, 1])
        #expect(store.substate(CounterState.self)?.count == 2)
    }
}

/// An observing middleware that calls `body` with each (state, action) pair.
private final class ReactingMiddleware: MiddlewareType {
    let scope = DisposableScope()
    let body: @Sendable ([any SubstateType], (any ActionType)?) -> Void

    init(_ body: @escaping @Sendable ([any SubstateType], (any ActionType)?) -> Void) {
        self.body = body
    }

    func observe(currentStateLastAction: Signal<CurrentStateLastAction>) {
        scope += currentStateLastAction.observe { [body] state, action in body(state, action) }
    }
}

/// Logs each action as "first <action>"; on the first one, registers `LoggingInterceptor` and a
/// reducer that appends the action's description to the tasks, before passing the action on.
private struct RegisteringInterceptor: InterceptingMiddlewareType {
    let log: Recorder<String>
    let registered: Box<Bool>

    func intercept(action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void) {
        log.append("first \(action)")
        if !registered.value {
            registered.value = true
            store.register(interceptors: [LoggingInterceptor(log: log)])
            store.register(TasksState.self, for: CounterAction.self) { state, action in
                state.tasks.append("\(action)")
            }
        }
        next(action)
    }
}

/// Logs each action as "second <action>", then passes it on.
private struct LoggingInterceptor: InterceptingMiddlewareType {
    let log: Recorder<String>

    func intercept(action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void) {
        log.append("second \(action)")
        next(action)
    }
}

/// Passes each action on, then records the counter it reads right after `next`.
private struct ReadingAfterNextInterceptor: InterceptingMiddlewareType {
    let read: Box<[Int]>

    func intercept(action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void) {
        next(action)
        let count = store.substate(CounterState.self)?.count ?? -1
        read.modify { $0.append(count) }
    }
}
