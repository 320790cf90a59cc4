#!/usr/bin/env bash
# Type-checks every target of the package for an Apple platform at the package's floor
# (x86_64-apple-macos10.15), on Linux, where no compiler otherwise enforces Apple availability: a
# use of `Duration`, `Clock`, Observation or a Swift Testing time limit outside an `@available`
# scope compiles here and fails on every Mac and iPhone ("'X' is only available in macOS 13.0 or
# newer"). CI runs it (.ci/run).
#
# How: the toolchain's textual interfaces of the standard library, Concurrency, Observation and
# Swift Testing carry Apple's availability on Linux too. They are rebuilt here for the Apple target
# (the target in their flags swapped, `@backDeployed` lines dropped: a back-deployed API is usable
# from its `@available` version, which stays). Dispatch, Foundation and XCTest are stand-ins with
# only the declarations the package uses, all older than the floor (scripts/apple-sdk-stub/swift),
# over a stub Darwin module (scripts/apple-sdk-stub/include, with scripts/apple-lock-stub's
# <os/lock.h>). Each target is then type-checked in full, library targets also through SIL, and
# any error fails the check. A negative control first removes two `@available`s from scratch copies
# and requires the errors they cause, so that a check that checks nothing fails too.
#
# Not covered: the stand-ins' own availability (their APIs were checked by hand against Apple's
# documentation), other Apple platforms (every annotation in the package names iOS, macOS, tvOS and
# watchOS together), UIKit (tests use Tests/TestSupport/UIKitStandIns.swift), linking and running.
# Output and scratch files go to .build/apple-availability (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
usr=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
linux=$usr/lib/swift/linux
target=x86_64-apple-macos10.15
work=$root/.build/apple-availability
rm -rf "$work"
mkdir -p "$work"/interfaces "$work"/sdk "$work"/modules "$work"/sysroot/usr/include "$work"/shims "$work"/logs

# The Apple SDK stand-in: the stub Darwin headers and the lock's <os/lock.h>.
cp -R scripts/apple-sdk-stub/include/. "$work"/sysroot/usr/include/
cp -R scripts/apple-lock-stub/os "$work"/sysroot/usr/include/
cat > "$work"/shims/module.modulemap <<EOF
module FlowKernelShims {
    umbrella header "$root/Sources/FlowKernelShims/include/FlowKernelShims.h"
    export *
}
EOF
common=(-target "$target" -disable-objc-interop -module-cache-path "$work"/cache)

# 1. The toolchain's modules, rebuilt for the Apple target from their textual interfaces.
for module in Swift _Concurrency SwiftOnoneSupport _StringProcessing Observation Testing; do
    sed -e "s/-target x86_64-unknown-linux-gnu/-target $target/" -e '/^[[:space:]]*@backDeployed/d' -e '/^import Glibc$/d' \
        "$linux/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" > "$work/interfaces/$module.swiftinterface"
    extra=()
    case $module in Swift | _Concurrency | SwiftOnoneSupport) extra=(-parse-stdlib) ;; esac
    "$usr"/bin/swift-frontend -compile-module-from-interface -module-name "$module" \
        "$work/interfaces/$module.swiftinterface" -o "$work/sdk/$module.swiftmodule" -I "$work"/sdk \
        "${common[@]}" -disable-availability-checking "${extra[@]}" > "$work/logs/sdk-$module.log" 2>&1 || {
        cat "$work/logs/sdk-$module.log"
        echo "check-apple-availability: could not rebuild $module for $target" >&2
        exit 1
    }
done
flags=("${common[@]}" -sdk "$work"/sysroot -I "$work"/sdk -I "$work"/modules
    -Xcc -fmodule-map-file="$work"/shims/module.modulemap)
for module in Dispatch Foundation XCTest; do
    "$usr"/bin/swiftc -emit-module -module-name "$module" -parse-as-library -swift-version 5 "${flags[@]}" \
        scripts/apple-sdk-stub/swift/"$module".swift -emit-module-path "$work/modules/$module.swiftmodule" \
        > "$work/logs/sdk-$module.log" 2>&1 || {
        cat "$work/logs/sdk-$module.log"
        echo "check-apple-availability: the $module stand-in does not compile" >&2
        exit 1
    }
done

# 2. The C shim, through its os_unfair_lock branch (scripts/check-apple-lock.sh checks the branch
#    itself; this checks that the shim compiles for the target with the stub SDK the Swift side uses).
"$usr"/bin/clang -target "$target" -isysroot "$work"/sysroot -std=gnu11 -Wall -Wextra -Werror -fsyntax-only \
    -I Sources/FlowKernelShims/include -x c Sources/FlowKernelShims/FlowKernelShims.c

swift_flags=(-swift-version 6 -package-name UnidirectionalFlow -enable-testing -Onone -DSWIFT_PACKAGE -DDEBUG
    "${flags[@]}")
# A library's files are parsed as a library; an executable's main.swift holds top-level code.
parse=(-parse-as-library)
any_errors=0
errors_in() { grep -E '^[^ ]+:[0-9]+:[0-9]+: error' "$1" | sort -u || true; }

# check NAME DIRECTORY [EXTRA FLAGS...]: a full type-check (emitting a module alone skips the bodies
# of functions that are not inlinable), then the module its dependents import.
check() {
    local name=$1 directory=$2
    shift 2
    local files
    files=$(find "$directory" -name '*.swift' | sort)
    # shellcheck disable=SC2086
    if ! "$usr"/bin/swiftc -typecheck -continue-building-after-errors -module-name "$name" "${parse[@]}" "${swift_flags[@]}" "$@" \
        $files > "$work/logs/$name.log" 2>&1; then
        echo "== $name: does not type-check for $target"
        errors_in "$work/logs/$name.log"
        [ -n "$(errors_in "$work/logs/$name.log")" ] || tail -20 "$work/logs/$name.log"
        any_errors=1
    fi
    # shellcheck disable=SC2086
    "$usr"/bin/swiftc -emit-module -module-name "$name" "${parse[@]}" "${swift_flags[@]}" "$@" $files \
        -emit-module-path "$work/modules/$name.swiftmodule" -Xfrontend -disable-availability-checking \
        > "$work/logs/$name.emit.log" 2>&1 || true
}

# 3. The package, in dependency order (the flags of Package.swift).
existential=(-enable-upcoming-feature ExistentialAny)
check FlowKernel Sources/FlowKernel
check ReactiveLite Sources/ReactiveLite "${existential[@]}"
check PrexCore Sources/PrexCore "${existential[@]}"
check VueFluxCore Sources/VueFluxCore "${existential[@]}"
check RxStateCore Sources/RxStateCore "${existential[@]}"
check TestStoreSupport Sources/TestStoreSupport
check PrexCoreTesting Sources/PrexCoreTesting
check VueFluxCoreTesting Sources/VueFluxCoreTesting
check RxStateCoreTesting Sources/RxStateCoreTesting
check ArchitectureHarness Sources/ArchitectureHarness
library=(FlowKernel "ReactiveLite ExistentialAny" "PrexCore ExistentialAny" "VueFluxCore ExistentialAny"
    "RxStateCore ExistentialAny" TestStoreSupport PrexCoreTesting VueFluxCoreTesting RxStateCoreTesting
    ArchitectureHarness)
for entry in "${library[@]}"; do
    read -r name feature <<< "$entry"
    extra=()
    [ -n "${feature:-}" ] && extra=(-enable-upcoming-feature "$feature")
    # shellcheck disable=SC2046
    if ! "$usr"/bin/swiftc -emit-sil -wmo -module-name "$name" "${parse[@]}" "${swift_flags[@]}" "${extra[@]}" \
        $(find "Sources/$name" -name '*.swift' | sort) -o /dev/null > "$work/logs/$name.sil.log" 2>&1; then
        echo "== $name: SIL diagnostics for $target"
        errors_in "$work/logs/$name.sil.log"
        any_errors=1
    fi
done
check TestSupport Tests/TestSupport
check ReactiveLiteTestSupport Tests/ReactiveLiteTestSupport
for tests in DocsTests FlowKernelTests ReactiveLiteTests PrexCoreTests RxStateCoreTests VueFluxCoreTests \
    ArchitectureHarnessTests PrexCoreTestingTests VueFluxCoreTestingTests RxStateCoreTestingTests; do
    check "$tests" "Tests/$tests"
done
# The Examples package (its own manifest, the same floor), quoted by docs/getting-started.md and the
# chapters: what a reader copies must compile on their Mac too.
check CounterServer Examples/Sources/CounterServer
check SearchServer Examples/Sources/SearchServer
parse=()
for program in PrexCounter VueFluxCounter RxStateCounter PrexSearch VueFluxSearch RxStateSearch; do
    check "$program" "Examples/Sources/$program"
done
parse=(-parse-as-library)
for tests in PrexCounterTests VueFluxCounterTests RxStateCounterTests PrexSearchTests VueFluxSearchTests \
    RxStateSearchTests; do
    check "$tests" "Examples/Tests/$tests"
done

# 4. The negative control: without these two annotations, the check must fail where it should
#    (with the modules of step 3 to import).
mkdir -p "$work"/negative
cp -R Sources/TestStoreSupport Sources/ReactiveLite "$work"/negative/
sed -i '/^@available(iOS 16/d' "$work"/negative/TestStoreSupport/ClampedDuration.swift
sed -i '/^@available(iOS 17/d' "$work"/negative/ReactiveLite/Observation/ObservableValue.swift
for control in "TestStoreSupport:'Duration' is only available in macOS 13" \
    "ReactiveLite:'ObservationRegistrar' is only available in macOS 14"; do
    name=${control%%:*}
    extra=()
    [ "$name" = ReactiveLite ] && extra=(-enable-upcoming-feature ExistentialAny)
    # shellcheck disable=SC2046
    "$usr"/bin/swiftc -typecheck -continue-building-after-errors -module-name "$name" "${parse[@]}" "${swift_flags[@]}" \
        "${extra[@]}" $(find "$work/negative/$name" -name '*.swift' | sort) > "$work/logs/negative-$name.log" 2>&1 || true
    if ! grep -q "${control#*:}" "$work/logs/negative-$name.log"; then
        echo "check-apple-availability: the negative control found no \"${control#*:}\" error in $name:" >&2
        tail -20 "$work/logs/negative-$name.log" >&2
        exit 1
    fi
done
echo "check-apple-availability: the negative control fails as it should (Duration, ObservationRegistrar)"

if [ "$any_errors" != 0 ]; then
    echo "check-apple-availability: the package does not compile for $target (logs: $work/logs)" >&2
    exit 1
fi
echo "check-apple-availability: every target type-checks for $target, the package's floor"
