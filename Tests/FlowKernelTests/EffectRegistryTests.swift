import FlowKernel
import Foundation
import TestSupport
import Testing

/// What an effect registry tells its observers (the test stores), and what that costs when many
/// effects are in flight.
@Suite(timeLimit(minutes: 1)) struct EffectRegistryTests {
    /// The events an observer records: each start and each end, in the order the registry saw them.
    final class EventLog: Sendable {
        let events = Shared<[String]>([])
        let inFlight = Shared<Set<UInt64>>([])

        func record(_ event: EffectRegistry.Event) {
            switch event {
            case .running(let running):
                events.withLock { $0.append("running \(running.map(\.serial))") }
                inFlight.withLock { $0 = Set(running.map(\.serial)) }
            case .started(let effect):
                events.withLock { $0.append("started \(effect.serial)") }
                inFlight.withLock { _ = $0.insert(effect.serial) }
            case .ended(let serial):
                events.withLock { $0.append("ended \(serial)") }
                inFlight.withLock { _ = $0.remove(serial) }
            case .threw(let effect, let error):
                events.withLock { $0.append("threw \(effect.serial) \(error)") }
            }
        }
    }

    /// An observer gets the effects in flight when it begins, then one event per start and per end;
    /// cancelling tells it nothing (the effect is in flight until its task returns).
    @Test func anObserverIsToldEachStartAndEachEndAndNothingElse() async {
        let registry = EffectRegistry()
        let first = registry.start(id: EffectID("a"), owner: nil, fileID: "F", line: 1) {
            try await Task.sleep(nanoseconds: 60_000_000_000)  // until cancelled
        }
        let log = EventLog()
        let key = registry.observe(log.record)
        let second = registry.start(id: nil, owner: nil, fileID: "F", line: 2) {}
        await second.value
        #expect(await eventually { log.events.value.count == 3 })
        #expect(log.events.value == ["running [0]", "started 1", "ended 1"])
        registry.cancel(id: EffectID("a"))
        await first.value
        #expect(await eventually { log.events.value.count >= 4 })
        #expect(log.events.value == ["running [0]", "started 1", "ended 1", "ended 0"])
        registry.stopObserving(key)
    }

    /// Ids compare by type and value: equal numbers of two types (which `AnyHashable` alone takes
    /// for one) name two effects; an id passed as an existential is the id it holds.
    @Test func equalNumbersOfTwoTypesAreTwoIdsAndAnExistentialIdIsTheIdItHolds() async {
        #expect(EffectID(1 as Int) != EffectID(1 as Int64))
        #expect(EffectID(1 as Int) != EffectID(1.0 as Double))
        let existential: any Hashable & Sendable = 7 as Int64
        #expect(EffectID(existential) == EffectID(7 as Int64))
        #expect(EffectID(existential) != EffectID(7 as Int))

        let registry = EffectRegistry()
        let sleepForever: @Sendable () async throws -> Void = {
            try await Task.sleep(nanoseconds: 60_000_000_000)  // until cancelled
        }
        let int = registry.start(
            id: EffectID(1 as Int), owner: nil, fileID: "F", line: 1, operation: sleepForever)
        let int64 = registry.start(
            id: EffectID(1 as Int64), owner: nil, fileID: "F", line: 2, operation: sleepForever)
        #expect(
            registry.running.map(\.isCancelled) == [false, false], "the second did not replace the first")
        registry.cancel(id: EffectID(1 as Int))
        // The cancelled one may already have ended (its sleep throws at once): only the other is
        // left uncancelled, either way.
        #expect(int.isCancelled && !int64.isCancelled)
        #expect(registry.running.filter { !$0.isCancelled }.map(\.line) == [2])
        await int.value
        registry.cancel(id: EffectID(1 as Int64))
        await int64.value
        #expect(registry.running.isEmpty)
    }

    /// An owner going cancels its own effects, found by owner, and no other.
    @Test func cancellingAnOwnersEffectsLeavesTheOthersRunning() async {
        final class Owner {}
        let registry = EffectRegistry()
        let first = Owner()
        let second = Owner()
        var tasks: [Task<Void, Never>] = []
        for (owner, line) in [(first, 1), (second, 2), (first, 3), (second, 4)] {
            tasks.append(
                registry.start(id: nil, owner: ObjectIdentifier(owner), fileID: "F", line: UInt(line)) {
                    try await Task.sleep(nanoseconds: 60_000_000_000)  // until cancelled
                })
        }
        registry.cancelAll(owner: ObjectIdentifier(first))
        await tasks[0].value
        await tasks[2].value
        #expect(registry.running.map(\.line) == [2, 4])
        #expect(registry.running.allSatisfy { !$0.isCancelled })
        registry.cancelAll(owner: ObjectIdentifier(second))
        await tasks[1].value
        await tasks[3].value
        #expect(registry.running.isEmpty)
        registry.cancelAll(owner: ObjectIdentifier(second))  // nothing left: does nothing
    }

    /// Eight threads start 8,000 effects (half of them replacing one another by id) and cancel some,
    /// with a test store's kind of observer following them: every effect ends, and the observer's
    /// record of what is in flight agrees with the registry's at the end. Each event costs the
    /// effect it reports, not the list of every effect in flight: when every event rebuilt and
    /// sorted that list, 4,000 effects took 40 s here.
    @Test func thousandsOfEffectsFromManyThreadsEndAndTheObserverFollowsEachOne() async {
        let registry = EffectRegistry()
        let log = EventLog()
        let key = registry.observe(log.record)
        let applied = Shared(0)
        let threads = 8
        let perThread = 500
        await runOnThreads(threads) { thread in
            for index in 0..<perThread {
                registry.start(id: nil, owner: nil, fileID: "F", line: 1) {
                    applied.withLock { $0 += 1 }
                }
                registry.start(id: EffectID((thread * 7 + index) % 16), owner: nil, fileID: "F", line: 2) {
                    await Task.yield()
                }
                if index % 3 == 0 {
                    registry.cancel(id: EffectID(index % 16))
                }
            }
        }
        #expect(await eventually(within: 30) { registry.running.isEmpty })
        #expect(applied.value == threads * perThread)
        #expect(log.inFlight.value.isEmpty)
        let events = log.events.value
        #expect(events.count(where: { $0.hasPrefix("started") }) == 2 * threads * perThread)
        #expect(events.count(where: { $0.hasPrefix("ended") }) == 2 * threads * perThread)
        registry.stopObserving(key)
    }

    /// A replacement's operation begins only once the effect it replaces is cancelled, even while
    /// `start` itself has not yet cancelled it (held here inside its critical section, where the
    /// observers are told): so the replaced effect's later dispatches are dropped instead of
    /// landing after the replacement's. With the replaced effect cancelled only by `start`, after
    /// its lock, the replacement began with it still uncancelled (a probe saw 1 to 13 stale
    /// actions applied after the replacement's in 4,000 replacements).
    @Test func aReplacementBeginsOnlyOnceTheEffectItReplacesIsCancelled() async {
        let registry = EffectRegistry()
        let old = registry.start(id: EffectID("search"), owner: nil, fileID: "F", line: 1) {
            try await Task.sleep(nanoseconds: 60_000_000_000)  // until cancelled
        }
        let began = DispatchSemaphore(value: 0)
        let key = registry.observe { event in
            // Holds the second `start` under the registry's lock until its operation has begun (or
            // 5 s have passed): the replaced effect is then cancelled by nothing but the new task.
            if case .started(let effect) = event, effect.line == 2 {
                _ = began.wait(timeout: .now() + 5)
            }
        }
        let oldWasCancelled = Shared<Bool?>(nil)
        let replacement = Shared<Task<Void, Never>?>(nil)
        await runOnThreads(1) { _ in
            let task = registry.start(id: EffectID("search"), owner: nil, fileID: "F", line: 2) {
                oldWasCancelled.withLock { $0 = old.isCancelled }
                began.signal()
            }
            replacement.withLock { $0 = task }
        }
        await old.value
        await replacement.value?.value
        #expect(oldWasCancelled.value == true)
        #expect(registry.running.isEmpty)
        registry.stopObserving(key)
    }
}
