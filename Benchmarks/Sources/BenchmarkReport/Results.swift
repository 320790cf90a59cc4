import Foundation

/// The percentiles of one metric of one benchmark, as package-benchmark exports them.
struct Percentiles {
    var values: [Int: Double] = [:]

    subscript(percentile: Int) -> Double? { values[percentile] }
}

/// Every exported metric, by benchmark name ("W1.PrexCore") and metric ("wallClock").
struct Results {
    var metrics: [String: [String: Percentiles]] = [:]

    /// Reads the `histogramPercentiles` export of package-benchmark from `directory`.
    init(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for file in files where file.hasSuffix(".histogram.percentiles.tsv") {
            // <baseline>.<target>.<W>.<Arch>.<metric>.histogram.percentiles.tsv
            let parts = file.components(separatedBy: ".")
            guard parts.count >= 7 else { continue }
            let name = parts[2] + "." + parts[3]
            let metric = parts[4]
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var percentiles = Percentiles()
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: "\t")
                if fields.count == 2, let percentile = Int(fields[0]), let value = Double(fields[1]) {
                    percentiles.values[percentile] = value
                }
            }
            metrics[name, default: [:]][metric] = percentiles
        }
    }

    func value(_ workload: Workload, _ architecture: String, _ metric: String, _ percentile: Int) -> Double? {
        metrics["\(workload.id).\(architecture)"]?[metric]?[percentile].map { $0 / workload.divisor }
    }

    /// The most updates one sample lost (workload 5), if the benchmark reported it.
    func lostUpdates(_ workload: Workload, _ architecture: String) -> Int? {
        metrics["\(workload.id).\(architecture)"]?["Lost_updates"]?[100].map { Int($0) }
    }
}
