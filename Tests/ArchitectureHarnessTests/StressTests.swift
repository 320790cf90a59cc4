import ArchitectureHarness
import TestSupport
import Testing

/// The same stress scenario on each architecture: 8 threads dispatch 100,000 increments while an
/// observer dispatches reentrantly and other observers come and go. Also run under the thread
/// sanitizer in CI.
@Suite(timeLimit(minutes: 5)) struct StressTests {
    static let threads = 8
    static let perThread = 12_500  // 8 x 12,500 = 100,000
    /// What the reentrant observer adds: not a multiple of 1,000, so it cannot trigger itself.
    static let bonus = 1_001
    static let maximumBonuses = 40

    @Test(arguments: Architecture.allCases)
    func concurrentReentrantDispatchWithChurnEndsAtTheExactCount(_ architecture: Architecture) async {
        let driver = CounterModel.makeDriver(architecture)
        let announced = Recorder<Int>()
        let bonuses = Counter()
        let persistent = driver.observe { announced.append($0.count) }
        // Reentrant: runs on the thread applying the input, and dispatches from there.
        let reentrant = driver.observe { [weak driver] state in
            if state.count % 1_000 == 0 && bonuses.value < Self.maximumBonuses {
                bonuses.increment()
                driver?.dispatch(.add(Self.bonus))
            }
        }
        let churned = Recorder<Recorder<Int>>()
        let finished = await finishes(within: 120) {
            await runOnThreads(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    driver.dispatch(.increment)
                    if index % 500 == 250 {
                        // Subscribe/unsubscribe churn while the other threads dispatch.
                        let seen = Recorder<Int>()
                        churned.append(seen)
                        let observation = driver.observe { seen.append($0.count) }
                        _ = driver.state
                        observation.dispose()
                    }
                }
            }
        }
        #expect(finished, "\(architecture) deadlocked")
        persistent.dispose()
        reentrant.dispose()

        let total = Self.threads * Self.perThread
        let expected = total + bonuses.value * Self.bonus
        #expect(bonuses.value > 0)
        #expect(driver.state.count == expected)

        // Every input announced once, in the order applied: each step is one increment or a bonus.
        let counts = announced.values
        let steps = zip(counts, counts.dropFirst()).map { $1 - $0 }
        #expect(counts.first == 1 || counts.first == 1 + Self.bonus)
        #expect(counts.last == expected)
        #expect(steps.allSatisfy { $0 == 1 || $0 == Self.bonus })
        #expect(steps.filter { $0 == Self.bonus }.count == bonuses.value)
        #expect(counts.count == total + bonuses.value)

        // A churned observer saw a contiguous part of the same sequence, in order.
        for seen in churned.values {
            let values = seen.values
            #expect(zip(values, values.dropFirst()).allSatisfy { $1 - $0 == 1 || $1 - $0 == Self.bonus })
        }
    }

    @Test(arguments: Architecture.allCases)
    func concurrentTodoEditsLoseNothing(_ architecture: Architecture) async {
        let driver = TodoModel.makeDriver(architecture)
        let perThread = 200
        let finished = await finishes(within: 120) {
            await runOnThreads(Self.threads) { thread in
                for index in 0..<perThread {
                    let id = thread * perThread + index
                    driver.dispatch(.add(id: id, title: "task \(id)"))
                    if index % 2 == 0 {
                        driver.dispatch(.toggle(id: id))
                    }
                    if index % 10 == 0 {
                        driver.dispatch(.remove(id: id))
                    }
                }
            }
        }
        #expect(finished, "\(architecture) deadlocked")
        let todos = driver.state.todos
        // Per thread: 200 added, 20 removed, 90 of the rest toggled done.
        #expect(todos.count == Self.threads * (perThread - perThread / 10))
        #expect(todos.filter(\.isDone).count == Self.threads * (perThread / 2 - perThread / 10))
        #expect(Set(todos.map(\.id)).count == todos.count)
    }
}
