import CounterServer

// Top-level code runs on the main actor, where a Prex view lives.

// snippet: prex-counter-main
let server = CounterServer(savedCount: 42, milliseconds: 50)
let view = ConsoleCounterView()  // keep the view: the presenter holds it weakly
var presenter: CounterPresenter? = CounterPresenter(view: view, server: server)

presenter?.reflect()  // the view gets nothing until the state changes: push the current state
presenter?.increment()
presenter?.load()  // superseded by the next load: cancelled
let load = presenter?.load()
await load?.value  // "count: 42", "idle"

let lastLoad = presenter?.load()
presenter = nil  // the screen goes: its presenter cancels the load in flight
await lastLoad?.value
print("server: \(await server.cancelledRequests) requests cancelled")
// snippet-end: prex-counter-main
