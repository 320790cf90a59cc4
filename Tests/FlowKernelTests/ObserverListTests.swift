import Dispatch
import FlowKernelShims
import Foundation
import TestSupport
import Testing

@testable import FlowKernel

final class Owner: ObserverRemoving {
    let list = Locked(ObserverList<Int>())

    func removeObserver(id: UInt64) {
        let removed = list.withLock { $0.remove(id: id) }
        withExtendedLifetime(removed) {}
    }
}

@Suite struct ObserverListTests {
    @Test func removalFindsAnyEntryAndKeepsSubscriptionOrder() {
        let owner = Owner()
        let tokens = (0..<10).map { value in owner.list.withLock { $0.add(value, owner: owner).token } }
        for index in [9, 0, 5, 3] {
            tokens[index].dispose()
        }
        let left = owner.list.withLock { $0.entries.map(\.callback) }
        #expect(left == [1, 2, 4, 6, 7, 8])
        #expect(tokens[5].isDisposed && !tokens[6].isDisposed)
    }

    @Test func anEntryAddedAfterALaterTokensGoesWhereItsIdSortsAndCanBeRemoved() {
        let owner = Owner()
        let tokens = (0..<4).map { _ in owner.list.withLock { $0.makeToken(owner: owner) } }
        // Added in the order two subscribing threads might reach the owner's turn: 0, 2, 3, 1.
        for index in [0, 2, 3, 1] {
            let token = tokens[index]
            owner.list.withLock { $0.append(.init(id: token.id, callback: index, token: token)) }
        }
        #expect(owner.list.withLock { $0.entries.map(\.callback) } == [0, 1, 2, 3])
        tokens[1].dispose()
        tokens[2].dispose()
        #expect(owner.list.withLock { $0.entries.map(\.callback) } == [0, 3])
    }

    @Test func disposingTwiceOrAfterTheOwnerIsGoneDoesNothing() {
        var owner: Owner? = Owner()
        let token = owner!.list.withLock { $0.add(1, owner: owner!).token }
        let other = owner!.list.withLock { $0.add(2, owner: owner!).token }
        token.dispose()
        token.dispose()
        #expect(owner!.list.withLock { $0.count } == 1)
        owner = nil
        other.dispose()
        #expect(other.isDisposed)
    }

    @Test func aSnapshotSkipsObserversDisposedAfterItWasTakenAndThoseAddedAfterTheLimit() {
        let owner = Owner()
        let first = owner.list.withLock { $0.add(1, owner: owner).token }
        _ = owner.list.withLock { $0.add(2, owner: owner) }
        let (snapshot, limit) = owner.list.withLock { ($0.entries, $0.nextID) }
        _ = owner.list.withLock { $0.add(3, owner: owner) }
        first.dispose()
        var called: [Int] = []
        ObserverList.forEachActive(in: snapshot, below: limit) { called.append($0) }
        let all = owner.list.withLock { $0.entries }
        var calledAll: [Int] = []
        ObserverList.forEachActive(in: all, below: 2) { calledAll.append($0) }
        #expect(called == [2])
        #expect(calledAll == [2])
    }
}
