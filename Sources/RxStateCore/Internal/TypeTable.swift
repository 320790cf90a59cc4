/// Positions of a store's substates by the `ObjectIdentifier` of their type.
///
/// A store holds a few substates, so a lookup compares identifiers in a small array first: about a
/// tenth of the cost of hashing one into a dictionary. Past ``linearLimit`` entries it falls back
/// to a dictionary, kept alongside.
@usableFromInline
struct SubstateIndex: Sendable {
    /// Up to this many entries, a lookup scans ``types``; beyond, it asks ``positions``.
    @usableFromInline static var linearLimit: Int { 8 }

    /// `types[i]` is the type of substate number `i`.
    @usableFromInline var types: [ObjectIdentifier] = []
    /// The same positions by type; made once there are more than ``linearLimit`` entries (`nil`
    /// until then, so that copying the index retains one buffer, not two).
    @usableFromInline var positions: [ObjectIdentifier: Int]?

    @usableFromInline
    init() {}

    /// The number of substates indexed.
    @inlinable
    var count: Int { types.count }

    /// The position of the substate of type `type`, or `nil`.
    @inlinable
    subscript(type: ObjectIdentifier) -> Int? {
        if let positions {
            return positions[type]
        }
        return position(of: type, in: types)
    }

    /// Files the next substate, of type `type`, at position ``count``.
    @usableFromInline
    mutating func append(_ type: ObjectIdentifier) {
        types.append(type)
        if positions != nil {
            positions?[type] = types.count - 1
        } else if types.count > Self.linearLimit {
            var made: [ObjectIdentifier: Int] = [:]
            for (position, type) in types.enumerated() {
                made[type] = position
            }
            positions = made
        }
    }

    /// Forgets every substate.
    @usableFromInline
    mutating func removeAll() {
        types.removeAll()
        positions = nil
    }
}

/// A store's typed reducers by the `ObjectIdentifier` of their action type, each list in
/// registration order.
///
/// Like ``SubstateIndex``: a small array compared directly for the usual handful of action types,
/// a dictionary beyond.
@usableFromInline
struct ReducerTable: Sendable {
    @usableFromInline var actions: [ObjectIdentifier] = []
    /// `reducers[i]` handles actions of type `actions[i]`.
    @usableFromInline var reducers: [[TypedReducer]] = []
    /// Positions in ``actions`` by type; filled once there are more than the linear limit.
    @usableFromInline var positions = [ObjectIdentifier: Int]()

    @usableFromInline
    init() {}

    @inlinable
    func position(of action: ObjectIdentifier) -> Int? {
        if actions.count > SubstateIndex.linearLimit {
            return positions[action]
        }
        return RxStateCore.position(of: action, in: actions)
    }

    /// The reducers for actions of type `action`, or `nil` if none was registered.
    @inlinable
    subscript(action: ObjectIdentifier) -> [TypedReducer]? {
        guard let position = position(of: action) else { return nil }
        return reducers[position]
    }

    /// Adds `reducer` after those already registered for `action`.
    @usableFromInline
    mutating func append(_ reducer: TypedReducer, for action: ObjectIdentifier) {
        if let position = position(of: action) {
            reducers[position].append(reducer)
            return
        }
        actions.append(action)
        reducers.append([reducer])
        if actions.count > SubstateIndex.linearLimit {
            if positions.isEmpty {
                for (position, action) in actions.enumerated() {
                    positions[action] = position
                }
            } else {
                positions[action] = actions.count - 1
            }
        }
    }
}

/// The outcome of indexing the substates a main reducer returned: the index, or the duplicate that
/// refused them.
@usableFromInline
enum Indexing {
    case success(SubstateIndex)
    case failure(StoreError)
}

extension ActionType {
    /// The identifier of this action's type, read from the existential that holds it: cheaper
    /// than `ObjectIdentifier(type(of: action))`, which asks the runtime for the dynamic type.
    /// For a value type (every action but a class instance upcast before it was dispatched) the
    /// two agree; the typed reducers are filed and found under this one.
    @inlinable
    var typeIdentifier: ObjectIdentifier { ObjectIdentifier(Self.self) }
}

extension SubstateType {
    /// The identifier of this substate's type, read from the existential that holds it: cheaper
    /// than `ObjectIdentifier(type(of: state))`, which asks the runtime for the dynamic type, and
    /// the one the typed reducers are checked against. The store files substates under it.
    @inlinable
    var typeIdentifier: ObjectIdentifier { ObjectIdentifier(Self.self) }
}
