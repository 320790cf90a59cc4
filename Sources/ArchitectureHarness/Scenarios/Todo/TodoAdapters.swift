import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// How each architecture's todo list meets the harness: maps the model's inputs and state onto each
// implementation. Not part of the side-by-side examples.

enum PrexTodoAdapter: PrexAdapter {
    typealias Model = TodoModel
    typealias Mutation = PrexTodo.Mutation

    static func makeFlux() -> Flux<PrexTodo.Action, PrexTodo.State> {
        Flux(state: PrexTodo.State(), mutation: PrexTodo.Mutation())
    }

    static func action(for input: TodoModel.Action) -> PrexTodo.Action {
        switch input {
        case .add(let id, let title): .add(id: id, title: title)
        case .toggle(let id): .toggle(id: id)
        case .edit(let id, let title): .edit(id: id, title: title)
        case .remove(let id): .remove(id: id)
        case .setFilter(.all): .setFilter(.all)
        case .setFilter(.active): .setFilter(.active)
        case .setFilter(.completed): .setFilter(.completed)
        }
    }

    static func model(of state: PrexTodo.State) -> TodoModel.State {
        let model = { (todo: PrexTodo.Todo) in
            TodoModel.Todo(id: todo.id, title: todo.title, isDone: todo.isDone)
        }
        let filter: TodoModel.Filter =
            switch state.filter {
            case .all: .all
            case .active: .active
            case .completed: .completed
            }
        return TodoModel.State(
            todos: state.todos.map(model),
            filter: filter,
            visible: state.visibleTodos.map(model)
        )
    }
}

enum VueFluxTodoAdapter: VueFluxAdapter {
    typealias Model = TodoModel
    typealias State = VueFluxTodo.State

    static func makeStore() -> VueFluxCore.Store<VueFluxTodo.State> {
        Store(state: VueFluxTodo.State(), mutations: VueFluxTodo.Mutations(), executor: .immediate)
    }

    static func send(_ input: TodoModel.Action, to actions: Actions<VueFluxTodo.State>) {
        switch input {
        case .add(let id, let title): actions.add(id: id, title: title)
        case .toggle(let id): actions.toggle(id: id)
        case .edit(let id, let title): actions.edit(id: id, title: title)
        case .remove(let id): actions.remove(id: id)
        case .setFilter(.all): actions.show(.all)
        case .setFilter(.active): actions.show(.active)
        case .setFilter(.completed): actions.show(.completed)
        }
    }

    static func model(of computed: Computed<VueFluxTodo.State>) -> TodoModel.State {
        let model = { (todo: VueFluxTodo.Todo) in
            TodoModel.Todo(id: todo.id, title: todo.title, isDone: todo.isDone)
        }
        let filter: TodoModel.Filter =
            switch computed.filter.value {
            case .all: .all
            case .active: .active
            case .completed: .completed
            }
        return TodoModel.State(
            todos: computed.todos.value.map(model),
            filter: filter,
            visible: computed.visibleTodos.map(model)
        )
    }

    static func changes(of computed: Computed<VueFluxTodo.State>) -> [Signal<TodoModel.State>] {
        // Two variables: each projection reads the other's current value (see the protocol).
        let project: @Sendable (VueFluxTodo.State?) -> TodoModel.State = { state in
            state.map { model(of: Computed(state: $0)) } ?? TodoModel.initialState
        }
        return [
            computed.todos.signal.map { [weak state = computed.state] _ in project(state) },
            computed.filter.signal.map { [weak state = computed.state] _ in project(state) },
        ]
    }
}

enum RxStateTodoAdapter: RxStateAdapter {
    typealias Model = TodoModel
    typealias Substate = RxStateTodo.State
    typealias Action = RxStateTodo.Action

    static func makeStore() -> RxStateCore.Store {
        RxStateTodo.makeStore()
    }

    static func action(for input: TodoModel.Action) -> RxStateTodo.Action {
        switch input {
        case .add(let id, let title): .add(id: id, title: title)
        case .toggle(let id): .toggle(id: id)
        case .edit(let id, let title): .edit(id: id, title: title)
        case .remove(let id): .remove(id: id)
        case .setFilter(.all): .setFilter(.all)
        case .setFilter(.active): .setFilter(.active)
        case .setFilter(.completed): .setFilter(.completed)
        }
    }

    static func model(of substate: RxStateTodo.State) -> TodoModel.State {
        let model = { (todo: RxStateTodo.Todo) in
            TodoModel.Todo(id: todo.id, title: todo.title, isDone: todo.isDone)
        }
        let filter: TodoModel.Filter =
            switch substate.filter {
            case .all: .all
            case .active: .active
            case .completed: .completed
            }
        return TodoModel.State(
            todos: substate.todos.map(model),
            filter: filter,
            visible: substate.visibleTodos.map(model)
        )
    }
}
