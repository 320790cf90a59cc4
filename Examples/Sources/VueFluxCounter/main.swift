import CounterServer

// Top-level code runs on the main actor, where the screen lives.

// snippet: vueflux-counter-main
let server = CounterServer(savedCount: 42, milliseconds: 50)
var screen: CounterScreen? = CounterScreen(server: server)  // prints "count: 0", "idle"

screen?.incrementTapped()
screen?.loadTapped()  // superseded by the next load: cancelled
let load = screen?.loadTapped()
await load?.value  // "count: 42", "idle"

let lastLoad = screen?.loadTapped()
screen = nil  // the screen goes, and its store: the load in flight is cancelled
await lastLoad?.value
print("server: \(await server.cancelledRequests) requests cancelled")
// snippet-end: vueflux-counter-main
