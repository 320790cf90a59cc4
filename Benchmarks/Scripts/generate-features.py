#!/usr/bin/env python3
"""Writes Sources/Workloads/W8Features.swift: the feature types of W8 and of the features curve on
RxStateCore, one concrete substate type and one action type per feature, as an app declares them.

    python3 Benchmarks/Scripts/generate-features.py [COUNT]   (default 1000)

The file's head (the protocols and `rxFeature`) is kept from the current file; only the list and
the types are written again.
"""
import pathlib
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
path = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "Workloads" / "W8Features.swift"
text = path.read_text()
marker = "    static let allRxFeatures: [RxFeature] = ["
head = text[: text.index(marker)]
lines = [marker]
lines += [f"        rxFeature(Feature{i}.self, Feature{i}Action.self)," for i in range(count)]
lines += ["    ]", "}", ""]
for i in range(count):
    lines.append(f"struct Feature{i}: ManyFeaturesSubstate {{ var count = 0 }}")
    lines.append(f"enum Feature{i}Action: ManyFeaturesAction {{ case increment }}")
path.write_text(head + "\n".join(lines) + "\n")
