import ArchitectureHarness
import TestSupport
import Testing

/// The todo list, scripted: add, toggle, edit, remove and filter reach the model's states on every
/// architecture, announced in the same order.
@Suite struct TodoScenarioTests {
    typealias Todo = TodoModel.Todo

    static let inputs: [TodoModel.Action] = [
        .add(id: 1, title: "milk"),
        .add(id: 2, title: "bread"),
        .add(id: 2, title: "eggs"),  // id taken: ignored
        .add(id: 3, title: "  "),  // blank: ignored
        .toggle(id: 1),
        .setFilter(.active),
        .edit(id: 2, title: "rye bread"),
        .edit(id: 2, title: ""),  // blank: ignored
        .toggle(id: 9),  // unknown: ignored
        .setFilter(.completed),
        .remove(id: 1),
        .setFilter(.all),
    ]

    @Test func theModelKeepsTheListAsTheDemoDoes() {
        let states = Harness.referenceTrace(TodoModel.self, inputs: Self.inputs).states
        let milkDone = Todo(id: 1, title: "milk", isDone: true)
        #expect(states[3].todos == [Todo(id: 1, title: "milk"), Todo(id: 2, title: "bread")])
        #expect(
            states[5]
                == TodoModel.State(
                    todos: [milkDone, Todo(id: 2, title: "bread")], filter: .active,
                    visible: [Todo(id: 2, title: "bread")]
                ))
        #expect(states[8].visible == [Todo(id: 2, title: "rye bread")])
        #expect(states[9].visible == [milkDone])
        #expect(
            states[11]
                == TodoModel.State(
                    todos: [Todo(id: 2, title: "rye bread")], filter: .all,
                    visible: [Todo(id: 2, title: "rye bread")]
                ))
    }

    @Test(arguments: Architecture.allCases)
    func reachesAndAnnouncesTheModelsStates(_ architecture: Architecture) {
        let trace = Harness.trace(of: TodoModel.makeDriver(architecture), inputs: Self.inputs)
        let expected = Harness.referenceTrace(TodoModel.self, inputs: Self.inputs)
        #expect(trace.states == expected.states)
        #expect(trace.announcements == expected.announcements)
        // Four inputs are ignored, so twelve inputs make eight announcements.
        #expect(trace.announcements.count == 8)
    }
}
