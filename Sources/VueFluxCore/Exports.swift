// VueFlux's own module declares `Executor`, and its stores are observed through VueFluxReactive's
// `Signal`, `Variable` and `Constant`; here all of them live in ReactiveLite. Re-exported, so that a
// file that imported only `VueFlux` compiles with `import VueFluxCore` in its place: without it,
// `Executor.immediate` would name Swift's own `Executor` protocol and fail to compile.
@_exported import ReactiveLite
