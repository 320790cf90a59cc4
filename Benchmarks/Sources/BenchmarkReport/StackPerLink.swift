// The stack one link of a forwarding chain takes, in the report: a table and a section of
// docs/benchmarks.md. No target: it states a limit (docs/threading.md, "A chain nests on the
// calling thread's stack").

/// An iOS secondary thread's stack (512 KiB), against which the table counts links.
let secondaryThreadStackBytes = 512 * 1_024

func stackPerLinkTable(_ results: Results) -> [[String]] {
    results.stackPerLink.map { figure in
        [
            figure.subject, format(count: Double(figure.bytes)),
            figure.bytes > 0 ? format(count: Double(secondaryThreadStackBytes / figure.bytes)) : "-",
        ]
    }
}

let stackPerLinkHeader = ["Subject", "bytes of stack per link", "links in 512 KiB"]

/// The stack section of docs/benchmarks.md.
func stackPerLinkSection(_ results: Results) -> String {
    guard !results.stackPerLink.isEmpty else { return "" }
    var text = """

        ## Stack per chain link

        A chain of stores whose observers each dispatch into the next store (ReactiveLite: Variables
        whose observers each set the next) nests one call per link on the thread that made the first
        dispatch: an idle store's dispatch is applied before it returns, so the next store's turn is
        taken inside the current one. The figure is the bytes of stack one link takes in this release
        build, measured from the address of a local variable in the observers of links 10 and 110 of
        a chain of 200, on a thread with a 64 MiB stack (the VueFlux stores on `.immediate`). The
        last column divides the 512 KiB stack of an iOS secondary thread by it; the calling thread's
        own frames and the observers' own work come off that. A debug build takes several times as
        much per link (docs/threading.md). There is no target: a chain longer than its thread's stack
        allows overflows it (Prex's listeners nest the same way, docs/threading.md); put a queue
        executor in a chain that grows with data.


        """
    text += markdownTable(stackPerLinkHeader, stackPerLinkTable(results))
    return text
}
