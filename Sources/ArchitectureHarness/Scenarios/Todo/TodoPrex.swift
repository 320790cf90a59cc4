import PrexCore

/// The todo list in Prex: the state holds the items and the filter, the mutation applies each
/// action, and the state computes what the view shows. Presenter methods check nothing: the
/// mutation ignores what makes no sense, so tests of the mutation cover every rule.
enum PrexTodo {
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

    struct State: PrexCore.State, Equatable {
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

    enum Action: PrexCore.Action, Equatable {
        case add(id: Int, title: String)
        case toggle(id: Int)
        case edit(id: Int, title: String)
        case remove(id: Int)
        case setFilter(Filter)
    }

    struct Mutation: PrexCore.Mutation {
        func mutate(action: PrexTodo.Action, state: inout PrexTodo.State) {
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
    }
}

extension Presenter where Action == PrexTodo.Action, State == PrexTodo.State {
    func add(id: Int, title: String) {
        dispatch(.add(id: id, title: title))
    }

    func toggle(id: Int) {
        dispatch(.toggle(id: id))
    }

    func edit(id: Int, title: String) {
        dispatch(.edit(id: id, title: title))
    }

    func remove(id: Int) {
        dispatch(.remove(id: id))
    }

    func show(_ filter: PrexTodo.Filter) {
        dispatch(.setFilter(filter))
    }
}
