/// The `testlint rules` table.
public enum RuleTable {
  /// One line per rule: id, default severity, opt-in, summary.
  public static func render(_ rules: [RuleDescription]) -> String {
    let idWidth = max(2, rules.map(\.id.count).max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    var text = pad("id", idWidth) + "  severity  opt-in  summary\n"
    for rule in rules.sorted(by: { $0.id < $1.id }) {
      text += pad(rule.id, idWidth) + "  " + pad(rule.defaultSeverity.rawValue, 8) + "  "
        + pad(rule.isOptIn ? "yes" : "no", 6) + "  " + rule.summary + "\n"
    }
    return text
  }
}
