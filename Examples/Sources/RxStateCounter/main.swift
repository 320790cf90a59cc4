import CounterServer

// Top-level code runs on the main actor, where the screen lives.

// snippet: rxstate-counter-main
let server = CounterServer(savedCount: 42, milliseconds: 50)
let store = makeStore()  // one store for the app; screens come and go
var screen: CounterScreen? = CounterScreen(store: store, server: server)  // "count: 0"

screen?.incrementTapped()
screen?.loadTapped()  // superseded by the next load: cancelled
let load = screen?.loadTapped()
await load?.value  // "count: 42"

let lastLoad = screen?.loadTapped()
screen = nil  // the screen goes: it cancels the load in flight
await lastLoad?.value
print("server: \(await server.cancelledRequests) requests cancelled")
// snippet-end: rxstate-counter-main
