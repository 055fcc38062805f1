extension TestFileNameRule {
  /// The name to suggest for a test class without a suffix (`suggestion(for:suffix:)`), and for
  /// one named only a suffix (`Tests`, `Spec`, `Test`), which says nothing of its subject: the
  /// file's name when it says it (`LoginTests.swift` → `LoginTests`, `Login.swift` →
  /// `LoginTests`), else `<Subject>Tests`. Glueing the suffix on (`TestsTests`) says no more.
  func suggestion(for name: String, suffix: String, fileStem stem: String) -> String {
    guard isBare(name) else { return Self.suggestion(for: name, suffix: suffix) }
    let isIdentifier =
      (stem.first.map { $0.isLetter || $0 == "_" } ?? false)
      && stem.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    guard isIdentifier, !isBare(stem) else { return "<Subject>" + suffix }
    if suffixes.contains(where: { Self.subject(of: stem, suffix: $0) != nil }) { return stem }
    return Self.suggestion(for: stem, suffix: suffix)
  }

  /// Whether a name is only a suffix: a configured one, or a word test classes end in.
  private func isBare(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return suffixes.contains { $0.lowercased() == lowered } || Self.bareNames.contains(lowered)
  }

  private static let bareNames: Set<String> = ["test", "tests", "testcase", "testcases", "spec", "specs", "case"]
}
