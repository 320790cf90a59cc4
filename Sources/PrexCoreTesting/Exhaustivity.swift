/// How much a ``TestStore`` insists on: everything (the default), or only what the test asserts.
public enum Exhaustivity: Sendable, Equatable {
    /// Every applied action must be sent or received, every state change asserted in full, and
    /// nothing may be left unasserted when the test store finishes.
    case on
    /// Only what the test asserts is checked: `receive` skips actions it was not asked for, an
    /// expectation closure is applied to the actual state (so it checks just the properties it
    /// assigns), and nothing is checked at the end.
    case off
}
