/// One of the three unidirectional-data-flow architectures the harness compares.
///
/// Use it as the argument of a parameterized test (`@Test(arguments: Architecture.allCases)`) so
/// that each architecture shows as its own case, and with ``ComparableScenario/makeDriver(_:)`` to
/// run a scenario on it.
public enum Architecture: String, CaseIterable, Sendable, CustomStringConvertible {
    /// PrexCore: a presenter and a flux behind a passive view.
    case prex
    /// VueFluxCore: a store of actions, mutations and computed signals.
    case vueFlux
    /// RxStateCore: a store of substates with reducers and middleware.
    case rxState

    /// The architecture's module name, as test output and reports show it.
    public var description: String {
        switch self {
        case .prex: "PrexCore"
        case .vueFlux: "VueFluxCore"
        case .rxState: "RxStateCore"
        }
    }
}
