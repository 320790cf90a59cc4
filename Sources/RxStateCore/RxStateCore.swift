// RxStateCore: a Redux-style store of substates with reducers and middleware, observed through
// ReactiveLite. This file holds the module's place in the package until the RxStateCore issue (#5)
// fills it; the module has no public API yet.
