import FlowKernel
import ReactiveLiteTestSupport
import TestSupport

@testable import ReactiveLite

/// Any object, to own scoped observations and bindings and to check deallocation.
final class Owner: Sendable {}
