// The `fix` fuzz target: `--fix` on one or more files, run until nothing changes.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module. The
// input is split into up to four files (`FuzzFiles`) and fixed under default and unusual rule
// options. Traps when a fix produces bytes that are not text or that lex with more problems
// than the original, or when running `--fix` again and again does not converge.

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

enum FixFuzzer {
  static let engines = FuzzFiles.configurations.indices.map(FuzzFiles.engine)

  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    let files = FuzzFiles(bytes)
    for engine in engines {
      var current = files.contents
      // Running `--fix` again changes nothing, unless fixes nested in one another's arguments
      // needed more than `Fixer.maximumRounds` rounds; then further runs converge and never
      // undo or oscillate.
      var runs = 0
      while true {
        let snapshot = current
        let fixes = engine.fixes(files.entries) { entry throws(Diagnostic) in
          snapshot[entry.path] ?? []
        }
        if fixes.isEmpty { break }
        runs += 1
        if runs > 50 {
          throw FuzzFailure(
            "--fix does not converge on \(fixes[0].file.displayPath):\n"
              + UnifiedDiff.render(
                path: fixes[0].file.displayPath,
                old: String(decoding: fixes[0].original, as: UTF8.self),
                new: String(decoding: fixes[0].fixed, as: UTF8.self)))
        }
        for fixed in fixes {
          try check(fixed)
          current[fixed.file.path] = fixed.fixed
        }
      }
    }
  }

  static func check(_ fixed: FixedFile) throws(FuzzFailure) {
    let path = fixed.file.displayPath
    guard let original = try? SourceFile(path: path, bytes: fixed.original) else {
      throw FuzzFailure("fixed a file that does not read")
    }
    guard let result = try? SourceFile(path: path, bytes: fixed.fixed) else {
      throw FuzzFailure("a fix produced bytes that do not read")
    }
    if fixed.fixed == fixed.original { throw FuzzFailure("a fix that changes nothing") }
    if Lexer.lex(result).problems.count > Lexer.lex(original).problems.count {
      throw FuzzFailure("a fix added lexer problems")
    }
    _ = UnifiedDiff.render(
      path: path, old: String(decoding: fixed.original, as: UTF8.self),
      new: String(decoding: fixed.fixed, as: UTF8.self))
  }
}
