/// The todo-list scenario's reference model (after RxState's tasks demo): add, toggle, edit and
/// remove items, and filter the list a view shows.
public enum TodoModel: ComparableScenario {
    /// One item of the list.
    public struct Todo: Equatable, Sendable {
        /// The item's identity, chosen by whoever adds it; unique in a list.
        public var id: Int
        /// What to do; never blank.
        public var title: String
        /// Whether it is done.
        public var isDone: Bool

        /// Creates an item.
        public init(id: Int, title: String, isDone: Bool = false) {
            self.id = id
            self.title = title
            self.isDone = isDone
        }
    }

    /// Which items a view shows.
    public enum Filter: Sendable, Equatable, CaseIterable {
        /// Every item.
        case all
        /// The items not done.
        case active
        /// The items done.
        case completed
    }

    /// The list's inputs.
    public enum Action: Sendable, Equatable {
        /// Appends an item that is not done; ignored if `title` is blank or `id` is taken.
        case add(id: Int, title: String)
        /// Flips whether the item is done; ignored for an unknown id.
        case toggle(id: Int)
        /// Renames the item; ignored for an unknown id or a blank title.
        case edit(id: Int, title: String)
        /// Removes the item; ignored for an unknown id.
        case remove(id: Int)
        /// Chooses which items are visible.
        case setFilter(Filter)
    }

    /// The list's state.
    public struct State: Equatable, Sendable {
        /// Every item, in the order they were added.
        public var todos: [Todo]
        /// The chosen filter.
        public var filter: Filter
        /// The items the filter lets through, in order: computed by each architecture its own way.
        public var visible: [Todo]

        /// Creates a state.
        public init(todos: [Todo] = [], filter: Filter = .all, visible: [Todo] = []) {
            self.todos = todos
            self.filter = filter
            self.visible = visible
        }
    }

    /// An empty list showing every item.
    public static var initialState: State { State() }

    /// Applies one input to the list.
    public static func reduce(_ state: inout State, _ action: Action) {
        switch action {
        case .add(let id, let title):
            if !isBlank(title) && !state.todos.contains(where: { $0.id == id }) {
                state.todos.append(Todo(id: id, title: title))
            }
        case .toggle(let id):
            if let index = state.todos.firstIndex(where: { $0.id == id }) {
                state.todos[index].isDone.toggle()
            }
        case .edit(let id, let title):
            if !isBlank(title), let index = state.todos.firstIndex(where: { $0.id == id }) {
                state.todos[index].title = title
            }
        case .remove(let id):
            state.todos.removeAll { $0.id == id }
        case .setFilter(let filter):
            state.filter = filter
        }
        state.visible = state.todos.filter { todo in
            switch state.filter {
            case .all: true
            case .active: !todo.isDone
            case .completed: todo.isDone
            }
        }
    }

    /// Whether `title` is empty or only whitespace.
    static func isBlank(_ title: String) -> Bool {
        title.allSatisfy(\.isWhitespace)
    }

    /// Inputs over a few ids (some unknown), titles (some blank) and every filter.
    public static func randomAction(in state: State, using generator: inout some RandomNumberGenerator)
        -> Action
    {
        let titles = ["milk", "bread", "write docs", "", "  ", "call Ann"]
        let id = Int.random(in: 0..<6, using: &generator)
        let title = titles[Int.random(in: 0..<titles.count, using: &generator)]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3: return .add(id: id, title: title)
        case 3..<5: return .toggle(id: id)
        case 5..<7: return .edit(id: id, title: title)
        case 7..<9: return .remove(id: id)
        default:
            let filters = Filter.allCases
            return .setFilter(filters[Int.random(in: 0..<filters.count, using: &generator)])
        }
    }

    /// The todo list on `architecture`.
    public static func makeDriver(_ architecture: Architecture) -> any ScenarioDriver<TodoModel> {
        switch architecture {
        case .prex: PrexDriver<PrexTodoAdapter>()
        case .vueFlux: VueFluxDriver<VueFluxTodoAdapter>()
        case .rxState: RxStateDriver<RxStateTodoAdapter>()
        }
    }
}
