import FlowKernel

// The operator set is small on purpose (see docs/reactivelite.md): state observation needs to
// transform (`map`), to narrow (`filter`), to drop unchanged values (`skipRepeats`) and to pick a
// thread (`observe(on:)`). Combining several sources is left to the store that owns the state.

extension Signal {
    /// A signal of each value transformed by `transform`.
    ///
    /// `transform` runs once per value per observer, on the thread that delivers the value.
    ///
    /// - Parameter transform: The conversion to apply to each value.
    /// - Returns: A signal over the same source, in the same order.
    @inlinable
    public func map<Transformed: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Transformed
    ) -> Signal<Transformed> {
        let upstream = self
        return .disposingAtOnce { observer in
            let observation = OperatorObservation()
            observation.attach(
                upstream.observe { value in
                    let transformed = transform(value)
                    // Checked again after `transform`, which may have run while `dispose()` returned.
                    if observation.isActive {
                        observer(transformed)
                    }
                })
            return observation
        }
    }

    /// A signal of only the values for which `isIncluded` returns `true`.
    ///
    /// On a replaying source the replayed value is filtered like any other, so an observer may get
    /// no value at first.
    ///
    /// - Parameter isIncluded: Decides whether a value is passed on.
    /// - Returns: A signal over the same source, in the same order.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        let upstream = self
        return .disposingAtOnce { observer in
            let observation = OperatorObservation()
            observation.attach(
                upstream.observe { value in
                    // Checked again after `isIncluded`, as in `map`.
                    if isIncluded(value) && observation.isActive {
                        observer(value)
                    }
                })
            return observation
        }
    }
}

extension Signal where Value: Equatable {
    /// A signal that passes a value on only when it differs from the one before it.
    ///
    /// Each observer keeps its own last value, so the first value it sees is always passed on.
    ///
    /// - Returns: A signal over the same source without consecutive duplicates.
    public func skipRepeats() -> Signal<Value> {
        let upstream = self
        return .disposingAtOnce { observer in
            let last = Locked<Value?>(nil)
            let observation = OperatorObservation()
            observation.attach(
                upstream.observe { value in
                    // Swapped under the lock, compared outside it: `==` is user code. One observation
                    // receives one value at a time, so no other delivery runs in between.
                    let previous = last.withLock { last in
                        defer { last = value }
                        return last
                    }
                    // Checked again after `==`, as in `map`.
                    if previous != value && observation.isActive {
                        observer(value)
                    }
                })
            return observation
        }
    }
}
