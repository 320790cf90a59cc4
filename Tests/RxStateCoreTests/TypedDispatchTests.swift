import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

/// An action class whose subclass has reducers of its own: reducers are found by the type an action
/// is dispatched as (documented at `Store.register(_:for:reducer:)`).
class VehicleAction: ActionType, @unchecked Sendable {}
final class CarAction: VehicleAction, @unchecked Sendable {}

/// The typed `dispatch(action:)` and the untyped one (reached through `StoreType`, or as a function
/// value) keep one contract: the same states, announcements, last action and diagnostics.
@Suite struct TypedDispatchTests {
    /// What a store announced, as (count, action) pairs, with its diagnostics.
    private func record(_ store: Store) -> (Recorder<String>, Disposable) {
        let log = Recorder<String>()
        let scope = DisposableScope()
        scope += store.currentStateLastAction.observe { pair in
            log.append("\(count(in: pair.currentState)) \(pair.lastAction.map { "\($0)" } ?? "-")")
        }
        scope += store.diagnostics.observe { log.append("problem \($0)") }
        return (log, scope)
    }

    @Test func typedAndUntypedDispatchAnnounceTheSame() {
        let typed = makeStore()
        let untyped = makeStore()
        let (typedLog, typedScope) = record(typed)
        let (untypedLog, untypedScope) = record(untyped)
        let untypedDispatch: (any ActionType) -> Void = untyped.dispatch(action:)
        let actions: [any ActionType] = [
            CounterAction.increment, TasksAction.add("a"), UnknownAction(), CounterAction.add(4),
            StoreAction.add(states: [CounterState()]), CounterAction.set(9),
        ]
        typed.dispatch(action: CounterAction.increment)
        typed.dispatch(action: TasksAction.add("a"))
        typed.dispatch(action: UnknownAction())
        typed.dispatch(action: CounterAction.add(4))
        typed.dispatch(action: StoreAction.add(states: [CounterState()]))
        typed.dispatch(action: CounterAction.set(9))
        for action in actions {
            untypedDispatch(action)
        }
        #expect(typedLog.values == untypedLog.values)
        #expect(typedLog.values.contains { $0.hasPrefix("problem") })
        #expect(typed.substate(CounterState.self) == untyped.substate(CounterState.self))
        #expect(typed.substate(CounterState.self)?.count == 9)
        #expect(typed.lastAction as? CounterAction == .set(9))
        withExtendedLifetime((typedScope, untypedScope)) {}
    }

    @Test func anExistentialActionIsDispatchedByItsDynamicType() {
        let store = makeStore()
        let actions: [any ActionType] = [CounterAction.add(2), TasksAction.add("b")]
        for action in actions {
            store.dispatch(action: action)
        }
        #expect(store.substate(CounterState.self)?.count == 2)
        #expect(store.substate(TasksState.self)?.tasks == ["b"])
    }

    @Test func aClassActionReachesTheReducersOfTheTypeItIsDispatchedAs() {
        let store = makeStore()
        store.register(CounterState.self, for: CarAction.self) { state, _ in state.count += 10 }
        store.register(CounterState.self, for: VehicleAction.self) { state, _ in state.count += 1 }
        let car: VehicleAction = CarAction()
        store.dispatch(action: car)
        #expect(store.substate(CounterState.self)?.count == 1)
        let untyped: any ActionType = car
        store.dispatch(action: untyped)
        #expect(store.substate(CounterState.self)?.count == 2)
        store.dispatch(action: CarAction())
        #expect(store.substate(CounterState.self)?.count == 12)
    }

    @Test func aTypedDispatchFromAnObserverIsQueuedBehindTheCurrentAction() {
        let store = makeStore()
        let seen = Recorder<Int>()
        let observation = store.state.observe { state in
            let value = count(in: state)
            seen.append(value)
            if value == 1 {
                store.dispatch(action: CounterAction.add(10))
                // Queued, not applied inside this delivery.
                seen.append(-value)
            }
        }
        store.dispatch(action: CounterAction.increment)
        #expect(seen.values == [0, 1, -1, 11])
        observation.dispose()
    }

    @Test func aTypedDispatchGoesThroughTheInterceptors() {
        let store = makeStore()
        store.register(interceptors: [
            InterceptingMiddleware { action, _, next in
                if case .add(let amount) = action as? CounterAction {
                    next(CounterAction.add(amount * 2))
                } else {
                    next(action)
                }
            }
        ])
        store.dispatch(action: CounterAction.add(3))
        #expect(store.substate(CounterState.self)?.count == 6)
    }

    @Test func aTypedDispatchRunsTheMainReducerAfterTheTypedOnes() {
        let order = Recorder<String>()
        let store = Store(mainReducer: { state, action in
            order.append("main \(count(in: state))")
            return state
        })
        store.register(CounterState.self, for: CounterAction.self) { state, _ in
            state.count += 1
            order.append("typed")
        }
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        store.dispatch(action: CounterAction.increment)
        #expect(order.values == ["typed", "main 1"])
    }
}
