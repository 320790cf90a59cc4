import Observation
import ReactiveLite
import TestSupport
import Testing

// The ReactiveLite section of docs/swiftui.md: the model a SwiftUI view keeps, compiled and tested
// here; the view itself is Apple-only and quoted in the page.

// snippet: swiftui-reactivelite-model
struct Player: Equatable, Sendable {
    var name = "Ada"
    var score = 0
}

/// Shared by the game and its views; the game sets it from any thread.
enum Game {
    static let player = Variable(Player())
}
// snippet-end: swiftui-reactivelite-model

@Suite @MainActor struct ReactiveLiteSwiftUIExampleTests {
    @Test func theScoreViewIsUpdatedByTheScoreAlone() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(Player())
        // snippet: swiftui-reactivelite-logic
        // In the view: `@State private var player = Game.player.observable()`.
        let player = variable.observable()
        let score = ObservationProbe { "\(player.score) points" }  // what the view's body reads
        variable.value.score += 10  // the body is invalidated: score changed
        variable.value.name = "Grace"  // not invalidated: the body did not read the name
        // snippet-end: swiftui-reactivelite-logic
        #expect(score.invalidations == 1)
        #expect(score.reads == ["0 points", "0 points"])
        #expect(player.score == 10)
        #expect(Game.player.value.name == "Ada")
    }
}
