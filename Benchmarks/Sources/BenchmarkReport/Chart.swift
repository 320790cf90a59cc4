import Foundation

/// An SVG bar chart of each architecture's instructions per operation as a ratio to the baseline,
/// one group per row (workload or user path), on a logarithmic axis (the ratios span orders of
/// magnitude). Bars start at the baseline (1x) and go right when costlier, left when cheaper.
func chart(_ results: Results) -> String {
    let colors = ["PrexCore": "#4C78A8", "VueFluxCore": "#59A14F", "RxStateCore": "#E15759"]
    let shown = architectures.dropFirst()
    let groups = rows.filter { row in shown.contains { results.instructionRatio(row, $0) != nil } }
    let left = 250.0
    let plotWidth = 520.0
    let barHeight = 14.0
    func bars(_ row: Row) -> [(String, Double)] {
        shown.compactMap { architecture in
            results.instructionRatio(row, architecture).map { (architecture, $0) }
        }
    }
    func groupHeight(_ row: Row) -> Double { Double(max(bars(row).count, 1)) * barHeight + 12 }
    let top = 40.0
    let height = top + groups.map(groupHeight).reduce(0, +) + 50
    let width = left + plotWidth + 90
    let largest = groups.flatMap { bars($0).map(\.1) }.max() ?? 1
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
        <text x="\(left)" y="20" font-size="14" font-weight="bold">Instructions per operation / baseline (callgrind, log scale; lower is better)</text>

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
    var groupTop = top
    for row in groups {
        let height = groupHeight(row)
        svg +=
            "<text x=\"\(left - 8)\" y=\"\(groupTop + height / 2)\" text-anchor=\"end\">\(row.title)</text>\n"
        for (offset, (architecture, ratio)) in bars(row).enumerated() {
            let y = groupTop + Double(offset) * barHeight
            let end = x(ratio)
            let one = x(1)
            svg +=
                "<rect x=\"\(min(one, end))\" y=\"\(y)\" width=\"\(max(abs(end - one), 1))\" height=\"\(barHeight - 3)\" fill=\"\(colors[architecture] ?? "#999")\"/>\n"
            svg +=
                "<text x=\"\(max(one, end) + 4)\" y=\"\(y + barHeight - 5)\" font-size=\"10\">\(String(format: "%.2fx", ratio))</text>\n"
        }
        groupTop += height
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
