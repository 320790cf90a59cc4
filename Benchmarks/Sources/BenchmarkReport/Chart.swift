import Foundation

/// An SVG bar chart of each architecture's p50 ratio to the baseline, one group per workload, on a
/// logarithmic axis (the ratios span orders of magnitude). Bars start at the baseline (1x) and go
/// right when slower, left when faster.
func chart(_ results: Results) -> String {
    let colors = ["PrexCore": "#4C78A8", "VueFluxCore": "#59A14F", "RxStateCore": "#E15759"]
    let shown = architectures.dropFirst()
    let groups = workloads.filter { !rows(results, $0).isEmpty }
    let left = 250.0
    let plotWidth = 520.0
    let barHeight = 14.0
    let groupHeight = Double(shown.count) * barHeight + 16
    let top = 40.0
    let height = top + Double(groups.count) * groupHeight + 50
    let width = left + plotWidth + 90
    let largest = groups.flatMap { rows(results, $0).values.compactMap(\.ratio) }.max() ?? 1
    let maxRatio = max(16, pow(2, (log2(largest)).rounded(.up)))
    let minRatio = 0.125
    func x(_ ratio: Double) -> Double {
        let clamped = min(max(ratio, minRatio), maxRatio)
        return left + (log2(clamped) - log2(minRatio)) / (log2(maxRatio) - log2(minRatio)) * plotWidth
    }
    var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(left)" y="20" font-size="14" font-weight="bold">Time per operation / baseline (p50, log scale; lower is better)</text>

        """
    var ticks: [Double] = []
    var tick = minRatio
    while tick <= maxRatio {
        ticks.append(tick)
        tick *= tick < 1 ? 2 : (maxRatio > 64 ? 4 : 2)
    }
    for tick in ticks {
        let position = x(tick)
        let stroke = tick == 1 ? "#000" : "#ddd"
        svg +=
            "<line x1=\"\(position)\" y1=\"\(top - 6)\" x2=\"\(position)\" y2=\"\(height - 40)\" stroke=\"\(stroke)\"/>\n"
        svg +=
            "<text x=\"\(position)\" y=\"\(height - 26)\" text-anchor=\"middle\">\(tick < 1 ? String(tick) : String(Int(tick)))x</text>\n"
    }
    for (index, workload) in groups.enumerated() {
        let table = rows(results, workload)
        let groupTop = top + Double(index) * groupHeight
        svg +=
            "<text x=\"\(left - 8)\" y=\"\(groupTop + groupHeight / 2)\" text-anchor=\"end\">\(workload.id) \(workload.short)</text>\n"
        for (offset, architecture) in shown.enumerated() {
            guard let ratio = table[architecture]?.ratio else { continue }
            let y = groupTop + Double(offset) * barHeight
            let end = x(ratio)
            let one = x(1)
            svg +=
                "<rect x=\"\(min(one, end))\" y=\"\(y)\" width=\"\(max(abs(end - one), 1))\" height=\"\(barHeight - 3)\" fill=\"\(colors[architecture] ?? "#999")\"/>\n"
            svg +=
                "<text x=\"\(max(one, end) + 4)\" y=\"\(y + barHeight - 5)\" font-size=\"10\">\(String(format: "%.2fx", ratio))</text>\n"
        }
    }
    var legendX = left
    for architecture in shown {
        svg +=
            "<rect x=\"\(legendX)\" y=\"\(height - 16)\" width=\"10\" height=\"10\" fill=\"\(colors[architecture] ?? "#999")\"/>\n"
        svg += "<text x=\"\(legendX + 14)\" y=\"\(height - 7)\">\(architecture)</text>\n"
        legendX += 120
    }
    svg += "</svg>\n"
    return svg
}
