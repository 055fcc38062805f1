/// Whether a free `unwrap(...)`, `require(...)` or `pollUnwrap(...)` call is Nimble's check or a
/// function of the same name from another library (OpenAPIKit's validation combinator
/// `unwrap(\.path, into: validation)`).
enum NimbleReach {
  /// Nimble's, when Nimble is in reach of the file: it imports Nimble or Quick (or a module
  /// named `Nimble...` / `Quick...`), or it calls Nimble's `expect(...)` (a test-support module
  /// that re-exports Nimble). Otherwise still Nimble's when every label of the call is one of
  /// Nimble's (`file:`, `line:`, `description:` ...): a re-export the file does not show is
  /// then taken at its word, since a test wrongly reported as asserting nothing (an error)
  /// costs more than one missed.
  static func isNimbles(_ call: Call, in model: FileModel) -> Bool {
    if call.labels.allSatisfy({ $0 == nil || nimbleLabels.contains($0!) }) { return true }
    return isInReach(model)
  }

  /// Whether the file imports Nimble or Quick, or calls Nimble's `expect` itself.
  static func isInReach(_ model: FileModel) -> Bool {
    let imports = model.imports.contains { entry in
      let module = entry.module.split(separator: ".").first.map(String.init) ?? entry.module
      return module.hasPrefix("Nimble") || module.hasPrefix("Quick")
    }
    if imports { return true }
    return model.calls.contains { call in
      (call.name == "expect" || call.name == "expecta" || call.name == "expects") && call.path.count == 1
        && !call.isMacro && !call.hasExpressionBase
    }
  }

  /// The labels of Nimble's `unwrap`, `require` and `pollUnwrap`.
  private static let nimbleLabels: Set<String> = [
    "file", "fileID", "filePath", "line", "column", "description", "customError", "location",
  ]
}
