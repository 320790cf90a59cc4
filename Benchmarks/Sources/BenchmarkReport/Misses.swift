/// Instructions per operation of the code before the concurrency kernel (commit d8d134e, the
/// modules' own locks and drain loops), measured once with this package's InstructionCounts on
/// that commit's sources. The kernel's issue asks that no workload grow by more than 5%; the
/// report compares each with today's figure.
let beforeKernel: [(name: String, instructions: Double)] = [
    ("W1.PrexCore", 461),
    ("W1.PrexCore+View", 12_182),
    ("W1.VueFluxCore", 859),
    ("W1.RxStateCore", 2_362),
    ("W1.RxStateCore+MainReducer", 4_101),
    ("W2.PrexCore", 27.4),
    ("W2.VueFluxCore", 62.8),
    ("W2.RxStateCore", 97.3),
    ("W2.PrexCore+View", 6_698),
    ("W3.PrexCore", 1_353),
    ("W3.VueFluxCore", 5_973),
    ("W4.PrexCore", 89_358),
    ("W4.VueFluxCore", 89_654),
    ("W4.RxStateCore", 2_418),
]

/// Why a case misses its target: where its instructions go (callgrind, per operation, on the code
/// measured) and what in the contract or the API needs them. Keyed by case name; the report prints
/// the entry of every missed target, and says so where a miss has none.
///
/// The kernel's lock is the platform's owner-recording lock (docs/threading.md): on Linux an
/// error-checking pthread mutex with priority inheritance, whose uncontended round trip
/// (`pthread_mutex_trylock`, then `pthread_mutex_unlock` through `__pthread_mutex_unlock_full`; the
/// kernel waits with `pthread_mutex_lock` only when the lock is taken) costs about 95 instructions
/// under callgrind (about 70 without priority inheritance), where the one-word lock it replaced
/// cost a few. The round trips per operation
/// below are the calls to `pthread_mutex_lock` and `pthread_mutex_trylock` that callgrind counts
/// per operation.
let missExplanations: [String: String] = [
    "W1.PrexCore": """
    about 830 instructions per dispatch against the floor's 243: the turn costs 4 lock round \
    trips (the dispatcher's lock at arrival and to pass the turn on, the turn's gate, the store's \
    lock for the write), about 380 instructions at about 95 each, where the floor takes its lock \
    once. The turn is the contract: an action dispatched from a listener is queued and applied \
    after the current one, a thread outside any turn waits on a lock that records its owner, no \
    thread applies another thread's stream (docs/threading.md). The floor has none of these \
    (its doc comment lists what it omits).
    """,
    "W1.VueFluxCore": """
    about 1,230 instructions per dispatch against the floor's 243 (about 1,300 before a replay \
    queued in a `Variable`'s turn named its observer instead of holding it, 2026-11-27: a \
    smaller work item to copy and destroy on every send): 7 lock round trips (the store's \
    lock at arrival and to pass the turn on, and its turn's gate; the `Variable` the mutation \
    sets: its lock for the read of `+=`, then its own turn, with its lock at arrival, its gate \
    and its lock to pass the turn on), about 660 instructions at \
    about 95 each, where the floor takes its lock once; the rest is the commit through the \
    store's mutations and the `Variable`'s delivery to the computed property.
    """,
    "W1.RxStateCore": """
    about 1,530 instructions per dispatch, down from about 2,330 with the typed dispatch \
    (`dispatch<Action: ActionType>(action:)`: no existential opened, no work item allocated), \
    against the floor's 243. Where they go (callgrind, per dispatch): 5 lock round trips, about \
    480 (the turn's gate; the store's lock to take the turn and move the state out; the gate that \
    readers on other threads wait on while the reducers run; the lock to put the state back and \
    take the observers; the lock to pass the turn on); retains and releases about 300 (the \
    observer list and the state handed to the observers, the reducer list, the moved arrays); the \
    store's own code in the kernel's direct path about 240; the reducer call about 200 (the \
    reducer found by the action's type, the substate by its type and opened in place, the \
    closure); the announcement about 190; the action put in an existential once, for `lastAction` \
    and the observers, about 40; the rest, about 85, the workload's reducer, observer and loop and \
    smaller runtime calls. The floor mutates a field under one lock. The contract needs the rest: \
    the turn (reentrant dispatch queued, waits on an owner-recording lock, no foreign stream), \
    reducers that mutate the state in place with readers waiting only for them (so an observer \
    that blocks on the main thread cannot deadlock a reader there), and every action announced \
    with the state. The locks alone are 2 times the floor; Prex, with one gate fewer and no move, \
    is at 3.4 times. The locks are not the whole miss: without any lock round trip the rest is \
    about 1,050, 4.3 times the floor, so meeting 3 times (729) would take both a turn protocol \
    with fewer round trips (a lock-free turn word, a new lock protocol for the kernel) and the \
    rest cut by more than half (to under about 450 with three round trips left), while keeping the \
    announcement, the reference counting of the state lent to observers and the reducer lookup by \
    type that the contract and the API need.
    """,
    "W1.RxStateCore+MainReducer": """
    about 3,280 instructions and 1 allocation per dispatch, 2.1 times the typed path. The \
    difference, about 1,750, is the README's reducer and what the store does around it: the \
    reducer's casts of the untyped state and action (`as?` on the action, `is` on each substate, \
    the tuple cast of `enumerated().first(where:)`: `swift_dynamicCast` and `tryCastToTuple`, \
    about 1,030); the copy of the state array (`var state = state`, then a write: the store still \
    holds the array it lends, so the write copies it, about 280, and frees the old one, about \
    200: the allocation); the reducer's own code, about 125; the store's call of it and its check \
    of the state it returns (each substate's type against the old state's), about 85; smaller \
    items, about 30. The store holds the array so \
    that a returned state with a repeated type can be refused, leaving the state as it was; \
    RxState holds it too (RxState/RxState.swift: `mainReducer(_state.value, action)` while the \
    `Variable` keeps the value). Handing the reducer the only reference would lose that state on \
    a refusal. What to write instead: typed reducers (`store.register(S.self, for: A.self)`), \
    about 1,530 with no allocation.
    """,
    "W3.PrexCore": """
    about 1,570 instructions per subscribe-and-cancel against the floor's 422: 2 lock round trips \
    (about 190, as the floor's); the subscription's weak reference to its store about 265 \
    (forming, assigning, loading and destroying it, and the slow release path of a store that has \
    a weak reference); one object allocated and freed, about 235 (the kernel's token with its \
    lock-free active flag; the `Subscription` a caller keeps, \
    whose deinit cancels, is on the stack in this loop, and a second allocation where it escapes, \
    as in an app); retains \
    and releases about 200; removal from the ordered list 86; the store's and the \
    subscription's own code (adding, detaching, cancelling, the deinit) about 215; copying and \
    destroying the list's entries about 155; the rest, about 220, in smaller items. The weak \
    reference is the contract \
    (a subscription kept after its store is gone does not keep the store and its state alive), as \
    are a handle that cancels on release and a flag that stops a delivery already under way; the \
    floor's handle keeps its store alive and its dropped handle keeps the observer.
    """,
    "W4.PrexCore+InPlace": """
    about 1,260 instructions against W1's about 830: 6 lock round trips (about 570 instructions \
    at about 95 each) where W1 takes 4, so about 190 more: moving the state out for the mutation and back \
    takes the store's lock and the in-place gate that readers on other threads wait on; the move \
    itself and the append about 240. The array is not copied; the miss is the lock's cost.
    """,
    "W4.VueFluxCore+InPlace": """
    about 1,390 instructions against W1's about 1,230: the same dispatch with a mutation that \
    calls `Variable.append(_:)` instead of `+=`, with 6 lock round trips (5 locks and 1 try-lock, about \
    570 instructions at about 95 each) where W1 takes 7. The array is not copied; the miss is the \
    lock's cost on W1's path.
    """,
    "W4.RxStateCore": """
    the W1 dispatch (about 1,530, with its 5 lock round trips, explained above) plus about 60 for \
    the append, which runs in place: the array is not copied. The miss is W1's.
    """,
    "W3.VueFluxCore": """
    about 1,740 instructions per subscribe-and-dispose against the floor's 422 (about 1,930 \
    before the replay named its observer instead of holding it, 2026-11-27). A computed \
    property's signal subscribes through ReactiveLite's channel: the subscription is a work item \
    of the channel's turn, so that the current value it replays to the new observer comes in \
    order with the values being sent (about 250 in the channel's subscription and its turn, 4 \
    lock round trips about 380); retains and releases about 370 (with the slow path of objects \
    that are referenced weakly); the token's weak reference to its channel about 155; the \
    disposable's allocation and the channel's removal about 350; the replay's delivery to the new \
    observer and smaller items about 235 (callgrind). The replay and the weak reference are the \
    contract (an \
    observer gets the current value, then every later one; a disposable kept after its channel is \
    gone keeps nothing alive).
    """,
    "W3.RxStateCore": """
    about 3,160 instructions per subscribe-and-dispose against the floor's 422. Pages before \
    2026-11-26 showed about 1,620: the workload's store was freed before the loop, so it measured \
    a subscription to a store that no longer existed; the loop now keeps the store alive and \
    checks that the new observer is given the state. Where they go (callgrind, per pair): the \
    subscription about 1,480 (on an idle store one critical section makes the token, attaches \
    the observer and takes the state as it takes the store's turn, then the replay to the new \
    observer holding the turn, and the turn's gate and pass-on: 3 lock round trips), the \
    signal's own wrapping of the observer about 470 (loading the store's weak reference, a \
    closure context), disposing about 910 (a lock round trip, the removal, and releasing the \
    observer's closures and the token), and about 300 not broken down here. The pair took 3,543, \
    with 6 lock round trips, when the token, the arrival and the attachment took a critical \
    section each. Across the pair, 4 lock round trips about 385, and 3 objects allocated \
    and freed per pair (the token and two closure contexts), whose deallocation is about 850. \
    The turn and the replay are the contract: a new observer gets the current state first, then \
    every later one, with no gap and no duplicate, even while other threads dispatch.
    """,
    "W7.RxStateCore": """
    about 149,000 instructions per toggle, about 260 for each of the 400 `substateSignal` \
    observers, 300 of which see no change: RxState's contract has every observation run on every \
    action and compare its substate with the last value it saw (distinct values per observer, in \
    subscription order among all of the store's observers). Each finds its substate where it was \
    last time (one comparison of types), copies it out of the state's existential (about 130, \
    opened unspecialized, with a retain and a release), compares it (a few dozen when nothing \
    changed: the arrays are the same storage) and keeps it (no lock and no run-time exclusivity \
    check, through a pointer: only its own deliveries touch it; the check on a class's `var` cost \
    about 70 per observer before). The baseline's 400 closures each read a field. The rest, about 45,000, is the dispatch, \
    the `SessionRules` middleware, the reducer and the delivery loop. Down from about 1,150,000 \
    before `substateSignal` was specialized and hinted; grouping a type's observers would break \
    the store-wide subscription order.
    """,
    "W8.RxStateCore": """
    about 25,000 instructions per dispatch, about 240 for each of the 100 `substateSignal` \
    observers, 99 of which see no change: each finds and compares its substate on every action, \
    as explained under W7.RxStateCore. A dispatch costs in proportion to the observers, whichever \
    feature it changes; the baseline calls its 100 closures too, each reading one field.
    """,
    "W5.PrexCore": """
    under callgrind the two threads seldom collide, so this is close to the W1 dispatch (4 lock \
    round trips, explained above), with no update lost.
    """,
    "W5.VueFluxCore": """
    under callgrind the two threads seldom collide, so this is close to the W1 dispatch (7 lock \
    round trips, explained above), with no update lost.
    """,
    "W5.RxStateCore": """
    under callgrind the two threads seldom collide, so this is close to the W1 dispatch (5 lock \
    round trips, explained above), with no update lost.
    """,
]

/// Why some cases grew against the code before the kernel, keyed by case name.
let growthExplanations: [String: String] = [
    "W1.PrexCore": """
    the platform's lock: 4 pthread mutex round trips per dispatch at about 95 instructions each on \
    Linux, where the one-word lock cost a few (see W1.PrexCore under "Why each miss")
    """,
    "W1.VueFluxCore": """
    the platform's lock: 7 pthread mutex round trips per dispatch at about 95 instructions each \
    on Linux (see W1.VueFluxCore under "Why each miss")
    """,
    "W1.RxStateCore": """
    the platform's lock: 5 pthread mutex round trips per dispatch at about 95 instructions each \
    on Linux (see W1.RxStateCore under "Why each miss")
    """,
    "W3.PrexCore": """
    the platform's lock: 2 pthread mutex round trips per subscribe-and-cancel at about 95 \
    instructions each on Linux
    """,
]

/// The section comparing today's figures with the code before the kernel.
func beforeKernelSection(_ results: Results) -> String {
    var text = """

        ## Against the code before the kernel

        Instructions per operation before the concurrency kernel (commit d8d134e, each module with its
        own lock and drain loop, measured once with this package on that commit) and now. Where a case
        grew by more than 5%, the note says what the growth buys. Workload 5 is left out: under
        callgrind its count depends on how valgrind interleaves the two threads. So is workload 3 on
        RxStateCore: its loop then subscribed to a store already freed (the signal holds the store
        weakly), so the figure of that time, 1,562, was of a subscription that did nothing; the
        loop now keeps the store alive and checks that the new observer is given the state.


        """
    let lines: [[String]] = beforeKernel.map { entry in
        guard let now = results.instructions(entry.name) else {
            return [entry.name, format(count: entry.instructions), "n/a", "", ""]
        }
        let change = (now / entry.instructions - 1) * 100
        let changeText = change >= 0 ? "+\(Int(change.rounded()))%" : "\(Int(change.rounded()))%"
        return [
            entry.name, format(count: entry.instructions), format(count: now), changeText,
            change > 5 ? (growthExplanations[entry.name] ?? "**not explained**") : "",
        ]
    }
    text += markdownTable(["Case", "Before the kernel", "Now", "Change", "Why"], lines)
    return text
}

/// The section explaining each missed target.
func missesSection(_ results: Results) -> String {
    let missed = verdicts(results).filter { $0.met == false }
    guard !missed.isEmpty else { return "" }
    var text = """

        ## Why each miss

        Every target missed above, with where its instructions go (callgrind, per operation) and why
        the contract or the API needs them.


        """
    var explained: Set<String> = []
    for verdict in missed where !explained.contains(verdict.name) {
        explained.insert(verdict.name)
        text += "- **\(verdict.name)** (\(verdict.target); measured \(verdict.measured)): "
        text += (missExplanations[verdict.name] ?? "**no profile recorded yet.**") + "\n"
    }
    return text
}
