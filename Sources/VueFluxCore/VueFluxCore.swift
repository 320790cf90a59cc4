// VueFluxCore: the VueFlux architecture (State, Actions, Mutations, Computed, Store) observed
// through ReactiveLite. This file holds the module's place in the package until the VueFluxCore
// issue (#4) fills it; the module has no public API yet.
