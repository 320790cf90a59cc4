/// An effect's id, as a user gave it (any `Hashable & Sendable` value), erased so that a registry
/// can hold ids of several types.
///
/// Two ids are the same id when they have the same type and are equal: `1 as Int` and `1 as Int64`
/// name two effects (`AnyHashable` alone would take them for one, as it does equal numbers of any
/// numeric type). An id passed as an existential (`any Hashable & Sendable`) is the id it holds.
///
/// The id's `hash(into:)` is user code: it runs once, as the id is wrapped (never under a lock),
/// and its result is kept (``hash``). Its `==` runs only when the registry compares ids, with no
/// lock held (``EffectRegistry``), and its `description` only for reports, also with no lock held.
///
/// `@unchecked Sendable`: `AnyHashable` is not declared `Sendable`, but the only initializer takes a
/// `Sendable` value, so the value inside is one.
package struct EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The id as given, compared and hashed.
    package let base: AnyHashable
    /// The id's type, compared with `base`.
    package let type: ObjectIdentifier
    /// The id as given, for the modules' public reports.
    package let value: any Hashable & Sendable
    /// The id's hash value, computed as it was wrapped.
    package let hash: Int

    /// Wraps `id`, and hashes it (the id's own `hash(into:)` runs here, and only here).
    package init<ID: Hashable & Sendable>(_ id: ID) {
        base = AnyHashable(id)
        // The dynamic type of the value, whatever static type it was passed as.
        type = ObjectIdentifier(Swift.type(of: base.base))
        value = id
        hash = base.hashValue
    }

    /// Whether the two are the same id; runs the id's own `==` when types and hashes match.
    package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        lhs.type == rhs.type && lhs.hash == rhs.hash && lhs.base == rhs.base
    }

    /// Feeds the kept hash value: runs no code of the id's.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The id as given, for a failure message: a string is quoted.
    package var description: String {
        if let text = value as? String {
            return "\"\(text)\""
        }
        return String(describing: value)
    }
}
