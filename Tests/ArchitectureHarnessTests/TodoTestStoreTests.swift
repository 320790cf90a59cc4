import PrexCore
import PrexCoreTesting
import ReactiveLite
import RxStateCore
import RxStateCoreTesting
import Testing
import VueFluxCore
import VueFluxCoreTesting

@testable import ArchitectureHarness

/// The todo scenario through each module's test store: add, an ignored add, toggle, filter, edit
/// and remove, each asserted in full, the ignored input as no change.
@MainActor
@Suite struct TodoTestStoreTests {
    @Test func prexPresenterMethodsKeepTheList() async {
        typealias Todo = PrexTodo.Todo
        let store = PrexCoreTesting.TestStore(initialState: PrexTodo.State(), mutation: PrexTodo.Mutation())
        await store.send {
            $0.add(id: 1, title: "milk")
        } assert: {
            $0.todos = [Todo(id: 1, title: "milk")]
        }
        await store.send {
            $0.add(id: 2, title: "bread")
        } assert: {
            $0.todos.append(Todo(id: 2, title: "bread"))
        }
        await store.send { $0.add(id: 2, title: "eggs") }
        await store.send {
            $0.toggle(id: 1)
        } assert: {
            $0.todos[0].isDone = true
        }
        await store.send {
            $0.show(.active)
        } assert: {
            $0.filter = .active
        }
        #expect(store.state.visibleTodos == [Todo(id: 2, title: "bread")])
        await store.send {
            $0.edit(id: 2, title: "rye bread")
        } assert: {
            $0.todos[1].title = "rye bread"
        }
        await store.send {
            $0.remove(id: 1)
        } assert: {
            $0.todos.removeFirst()
        }
        await store.finish()
    }

    @Test func vueFluxActionCreatorsKeepTheList() async {
        typealias Todo = VueFluxTodo.Todo
        struct Snapshot: Equatable, Sendable {
            var todos: [Todo]
            var filter: VueFluxTodo.Filter
        }
        let store = VueFluxCoreTesting.TestStore(
            state: VueFluxTodo.State(), mutations: VueFluxTodo.Mutations()
        ) { computed in
            Snapshot(todos: computed.todos.value, filter: computed.filter.value)
        }
        await store.send {
            $0.add(id: 1, title: "milk")
        } assert: {
            $0.todos = [Todo(id: 1, title: "milk")]
        }
        await store.send {
            $0.add(id: 2, title: "bread")
        } assert: {
            $0.todos.append(Todo(id: 2, title: "bread"))
        }
        await store.send { $0.add(id: 2, title: "eggs") }
        await store.send {
            $0.toggle(id: 1)
        } assert: {
            $0.todos[0].isDone = true
        }
        await store.send {
            $0.show(.active)
        } assert: {
            $0.filter = .active
        }
        #expect(store.store.computed.visibleTodos == [Todo(id: 2, title: "bread")])
        await store.send {
            $0.edit(id: 2, title: "rye bread")
        } assert: {
            $0.todos[1].title = "rye bread"
        }
        await store.send {
            $0.remove(id: 1)
        } assert: {
            $0.todos.removeFirst()
        }
        await store.finish()
    }

    @Test func rxStateDispatchesKeepTheList() async {
        typealias Todo = RxStateTodo.Todo
        typealias Action = RxStateTodo.Action
        let store = RxStateCoreTesting.TestStore<RxStateTodo.State>(store: RxStateTodo.makeStore())
        await store.send(Action.add(id: 1, title: "milk")) { $0.todos = [Todo(id: 1, title: "milk")] }
        await store.send(Action.add(id: 2, title: "bread")) { $0.todos.append(Todo(id: 2, title: "bread")) }
        await store.send(Action.add(id: 2, title: "eggs"))
        await store.send(Action.toggle(id: 1)) { $0.todos[0].isDone = true }
        await store.send(Action.setFilter(.active)) { $0.filter = .active }
        #expect(store.state?.visibleTodos == [Todo(id: 2, title: "bread")])
        await store.send(Action.edit(id: 2, title: "rye bread")) { $0.todos[1].title = "rye bread" }
        await store.send(Action.remove(id: 1)) { $0.todos.removeFirst() }
        await store.finish()
    }
}
