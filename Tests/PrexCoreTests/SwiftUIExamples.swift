import Observation
import PrexCore
import TestSupport
import Testing

// The PrexCore section of docs/swiftui.md: the presenter a SwiftUI view keeps, compiled and tested
// here; the view itself is Apple-only and quoted in the page.

// snippet: swiftui-prex-model
enum StepCounter {
    struct State: PrexCore.State, Equatable {
        var count = 0
        var step = 1
    }

    enum Action: PrexCore.Action {
        case increment
        case setStep(Int)
    }

    struct Mutation: PrexCore.Mutation {
        func mutate(action: Action, state: inout State) {
            switch action {
            case .increment: state.count += state.step
            case .setStep(let step): state.step = step
            }
        }
    }

    /// The screen's presenter: its view is an observable model, read by the SwiftUI view.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    final class Presenter: ObservablePresenter<Action, State> {
        init() {
            super.init(flux: Flux(state: State(), mutation: Mutation()))
        }

        func increment() {
            dispatch(.increment)
        }

        func setStep(_ step: Int) {
            if step > 0 {
                dispatch(.setStep(step))
            }
        }
    }
}
// snippet-end: swiftui-prex-model

@Suite @MainActor struct PrexSwiftUIExampleTests {
    @Test func theCountLabelIsUpdatedByTheCountAlone() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        // snippet: swiftui-prex-logic
        let presenter = StepCounter.Presenter()  // in the view: @State private var presenter = ...
        let label = ObservationProbe { "Count: \(presenter.count)" }  // what the label reads
        presenter.setStep(5)  // not invalidated: the label did not read the step
        presenter.increment()  // invalidated, before `increment()` returns (on the main actor)
        // snippet-end: swiftui-prex-logic
        #expect(label.invalidations == 1)
        #expect(presenter.count == 5)
        #expect(label.reads == ["Count: 0", "Count: 0"])
    }
}
