import ReactiveLite
import VueFluxCore

/// The todo list in VueFlux: the items and the filter are two variables private to this file, so
/// each action announces only what it changed; the computed values publish the visible items.
enum VueFluxTodo {
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

    enum Action: Equatable {
        case add(id: Int, title: String)
        case toggle(id: Int)
        case edit(id: Int, title: String)
        case remove(id: Int)
        case setFilter(Filter)
    }

    final class State: VueFluxCore.State {
        typealias Action = VueFluxTodo.Action
        typealias Mutations = VueFluxTodo.Mutations

        fileprivate let todos = Variable<[Todo]>([])
        fileprivate let filter = Variable(Filter.all)
    }

    struct Mutations: VueFluxCore.Mutations {
        func commit(action: VueFluxTodo.Action, state: VueFluxTodo.State) {
            switch action {
            case .add(let id, let title):
                guard !title.allSatisfy(\.isWhitespace), !state.todos.value.contains(where: { $0.id == id })
                else {
                    return
                }
                state.todos.value.append(Todo(id: id, title: title))
            case .toggle(let id):
                guard let index = state.todos.value.firstIndex(where: { $0.id == id }) else { return }
                state.todos.value[index].isDone.toggle()
            case .edit(let id, let title):
                guard !title.allSatisfy(\.isWhitespace),
                    let index = state.todos.value.firstIndex(where: { $0.id == id })
                else { return }
                state.todos.value[index].title = title
            case .remove(let id):
                guard state.todos.value.contains(where: { $0.id == id }) else { return }
                state.todos.value.removeAll { $0.id == id }
            case .setFilter(let filter):
                state.filter.value = filter
            }
        }
    }
}

extension Computed where State == VueFluxTodo.State {
    var todos: Constant<[VueFluxTodo.Todo]> {
        state.todos.constant
    }

    var filter: Constant<VueFluxTodo.Filter> {
        state.filter.constant
    }

    var visibleTodos: [VueFluxTodo.Todo] {
        let filter = state.filter.value
        return state.todos.value.filter { todo in
            switch filter {
            case .all: true
            case .active: !todo.isDone
            case .completed: todo.isDone
            }
        }
    }
}

extension Actions where State == VueFluxTodo.State {
    func add(id: Int, title: String) {
        dispatch(action: .add(id: id, title: title))
    }

    func toggle(id: Int) {
        dispatch(action: .toggle(id: id))
    }

    func edit(id: Int, title: String) {
        dispatch(action: .edit(id: id, title: title))
    }

    func remove(id: Int) {
        dispatch(action: .remove(id: id))
    }

    func show(_ filter: VueFluxTodo.Filter) {
        dispatch(action: .setFilter(filter))
    }
}
