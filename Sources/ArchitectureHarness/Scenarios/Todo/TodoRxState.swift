import RxStateCore

/// The todo list in RxState, as its tasks demo: a substate with the items and the filter, typed
/// actions, and a typed reducer that mutates the substate in place.
enum RxStateTodo {
    struct Todo: Equatable {
        var id: Int
        var title: String
        var isDone = false
    }

    enum Filter {
        case all
        case active
        case completed
    }

    struct State: SubstateType, Equatable {
        var todos: [Todo] = []
        var filter = Filter.all

        var visibleTodos: [Todo] {
            todos.filter { todo in
                switch filter {
                case .all: true
                case .active: !todo.isDone
                case .completed: todo.isDone
                }
            }
        }
    }

    enum Action: ActionType, Equatable {
        case add(id: Int, title: String)
        case toggle(id: Int)
        case edit(id: Int, title: String)
        case remove(id: Int)
        case setFilter(Filter)
    }

    static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case .add(let id, let title):
            guard !title.allSatisfy(\.isWhitespace), !state.todos.contains(where: { $0.id == id }) else {
                return
            }
            state.todos.append(Todo(id: id, title: title))
        case .toggle(let id):
            guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return }
            state.todos[index].isDone.toggle()
        case .edit(let id, let title):
            guard !title.allSatisfy(\.isWhitespace),
                let index = state.todos.firstIndex(where: { $0.id == id })
            else { return }
            state.todos[index].title = title
        case .remove(let id):
            state.todos.removeAll { $0.id == id }
        case .setFilter(let filter):
            state.filter = filter
        }
    }

    static func makeStore() -> Store {
        let store = Store()
        store.register(State.self, for: Action.self, reducer: reduce)
        store.dispatch(action: StoreAction.add(states: [State()]))
        return store
    }
}
