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
    ("W3.RxStateCore", 1_562),
    ("W4.PrexCore", 89_358),
    ("W4.VueFluxCore", 89_654),
    ("W4.RxStateCore", 2_418),
]

/// Why a case misses its target: where its instructions go (callgrind, per operation, on the code
/// measured) and what in the contract or the API needs them. Keyed by case name; the report prints
/// the entry of every missed target, and says so where a miss has none.
///
/// The kernel's lock is the platform's owner-recording lock (docs/threading.md): on Linux an
/// error-checking pthread mutex, whose uncontended round trip (`pthread_mutex_lock`, then
/// `pthread_mutex_unlock` and its `__pthread_mutex_unlock_usercnt`; the kernel tries the lock first,
/// with `pthread_mutex_trylock`, and waits with `pthread_mutex_lock` only when it is taken) costs
/// about 70 instructions
/// under callgrind, where the one-word lock it replaced cost a few. The round trips per operation
/// below are the calls to `pthread_mutex_lock` and `pthread_mutex_trylock` that callgrind counts
/// per operation.
let missExplanations: [String: String] = [
    "W1.PrexCore": """
    about 720 instructions per dispatch, about 405 more than with the one-word lock: the dispatch \
    takes 4 lock round trips (the dispatcher's lock at arrival and to pass the turn on, the turn's \
    gate, the store's lock for the write), about 280 instructions at about 70 each; the rest of the \
    growth is elsewhere in the kernel's new drain. The lock is what the kernel chose for waits the \
    system understands (docs/threading.md, trade-offs); on Apple platforms `os_unfair_lock` costs \
    about as little as the old lock.
    """,
    "W1.VueFluxCore": """
    about 1,290 instructions per dispatch, about 850 more than with the one-word lock: the \
    dispatch takes 7 lock round trips (6 locks and 1 try-lock: the store's lock at arrival and to \
    pass the turn on, the turn's gate, and the `Variable` the mutation sets, for the write and for \
    the delivery), about 490 instructions at about 70 each; the rest of the growth is elsewhere in \
    the kernel's new drain. The lock is what the kernel chose (docs/threading.md, trade-offs).
    """,
    "W1.RxStateCore": """
    about 2,330 instructions per dispatch, about 1,250 more than with the one-word lock. 5 lock \
    round trips (the store's lock at arrival, while the state is moved out for the reducers and \
    back, and to pass the turn on; the turn's gate) cost about 350 at about 70 each; the rest of \
    the growth is in the store's new drain through the kernel, not broken down here. Before the \
    lock changed the store's own code was about 410, retains and releases about 230 (the reducer \
    and observer lists copied under the lock, the substates handed to observers, the previous last \
    action released after the lock), the typed reducer about 260 (the `any ActionType` opened and \
    the `[any SubstateType]` state's types recovered from the existentials) and the last action \
    about 70. RxState's public API (`dispatch(action: ActionType)`, a state of substates, \
    `lastAction`) is what costs beyond the locks: a generic `dispatch<A>` overload would skip \
    opening the action. The allocation per dispatch is new with the kernel's drain: callgrind \
    shows `swift_allocObject` called once per dispatch from the caller's loop, where \
    `dispatch(action:)` is inlined; it was not traced further in this run.
    """,
    "W2.RxStateCore": """
    the one allocation of each W1 dispatch (explained above), shared by the 1,000 notifications.
    """,
    "W1.RxStateCore+MainReducer": """
    about 1,600 instructions and 1 allocation per dispatch more than the typed path (whose own \
    allocation is explained above), all in the README's reducer: three `as?` casts of the untyped state and action (`tryCast`, \
    `swift_dynamicCast`, `tryCastToTuple`: about 820), the copy of the substate array (`var state \
    = state`, then a write: the store still references the array it lends, so the write copies \
    it: the allocation) and the free of the replaced one, about 300, and the closure's own code. \
    The `MainReducer` type receives the state borrowed, as the original's did; the typed reducers \
    (`Store.register`) are the path without the casts and the copy.
    """,
    "W3.PrexCore": """
    about 1,520 instructions per subscribe-and-cancel, 2 lock round trips among them (the store's \
    lock to add the listener and to remove it, about 140 at about 70 each, where the one-word lock \
    cost a few). The rest: the subscription's weak reference to its store about 265 (forming, \
    assigning, loading and destroying it, and the slow release path of a store that has a weak \
    reference), two objects allocated and freed about 250 (the `Subscription` a caller keeps, \
    whose deinit cancels, and the kernel's token with its lock-free active flag), retains and \
    releases about 200, removal from the ordered list 86. The weak reference is the contract (a \
    subscription kept after its store is gone does not keep the store and its state alive); the \
    baseline's subscription is an entry appended to an array and a handle that removes it, with \
    neither a handle that cancels on release nor a flag that stops a delivery already under way.
    """,
    "W4.PrexCore+InPlace": """
    the W1 dispatch plus the append, with 6 lock round trips (about 420 instructions at about 70 \
    each) where W1 takes 4: moving the state out for the mutation and back takes the store's lock \
    and the in-place gate that readers on other threads wait on. The array is not copied; the miss \
    is the lock's cost.
    """,
    "W4.VueFluxCore+InPlace": """
    the W1 dispatch (explained above) plus `Variable.append(_:)`, with 6 lock round trips (5 locks \
    and 1 try-lock, about 420 instructions at about 70 each). The array is not copied; the miss is \
    the lock's cost on W1's path.
    """,
    "W4.RxStateCore": """
    the W1 dispatch (about 2,330, with its 5 lock round trips, explained above) plus about 50 for \
    the append, which runs in place: the array is not copied. The miss is W1's.
    """,
    "W7.RxStateCore": """
    about 169,000 instructions per toggle, about 310 for each of the 400 `substateSignal` \
    observers, 300 of which see no change: RxState's contract has every observation run on every \
    action and compare its substate with the last value it saw (distinct values per observer, in \
    subscription order among all of the store's observers). Each finds its substate where it was \
    last time (one comparison of types), copies it out of the state's existential (about 130, \
    opened unspecialized, with a retain and a release), compares it (a few dozen when nothing \
    changed: the arrays are the same storage) and keeps it (no lock: only its own deliveries touch \
    it). The baseline's 400 closures each read a field. The rest, about 45,000, is the dispatch, \
    the `SessionRules` middleware, the reducer and the delivery loop. Down from about 1,150,000 \
    before `substateSignal` was specialized and hinted; grouping a type's observers would break \
    the store-wide subscription order.
    """,
    "W8.RxStateCore": """
    about 33,400 instructions per dispatch, about 300 for each of the 100 `substateSignal` \
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
    the platform's lock: 4 pthread mutex round trips per dispatch at about 70 instructions each on \
    Linux, where the one-word lock cost a few (see W1.PrexCore under "Why each miss")
    """,
    "W1.VueFluxCore": """
    the platform's lock: 7 pthread mutex round trips per dispatch at about 70 instructions each \
    on Linux (see W1.VueFluxCore under "Why each miss")
    """,
    "W1.RxStateCore": """
    the platform's lock: 5 pthread mutex round trips per dispatch at about 70 instructions each \
    on Linux (see W1.RxStateCore under "Why each miss")
    """,
    "W3.PrexCore": """
    the platform's lock: 2 pthread mutex round trips per subscribe-and-cancel at about 70 \
    instructions each on Linux
    """,
    "W3.RxStateCore": """
    1 pthread mutex round trip per pair at about 70 instructions accounts for part of it; the \
    rest of the growth is not broken down here
    """,
]

/// The section comparing today's figures with the code before the kernel.
func beforeKernelSection(_ results: Results) -> String {
    var text = """

        ## Against the code before the kernel

        Instructions per operation before the concurrency kernel (commit d8d134e, each module with its
        own lock and drain loop, measured once with this package on that commit) and now. Where a case
        grew by more than 5%, the note says what the growth buys. Workload 5 is left out: under
        callgrind its count depends on how valgrind interleaves the two threads.


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
