@testable import TestLintCore
import XCTest

/// Where `Preprocessor.resolveKeepingDirectives` places the directive lines it drops.
final class PreprocessorDirectiveTests: XCTestCase {
  /// Each directive sits before the first token kept after it; those inside a branch dropped
  /// whole (an unbalanced group's later branches) are left out.
  func test_directives_sitBeforeTheNextKeptToken() {
    let source = SourceFile(
      path: "a.swift",
      text: """
        a
        #if X
        b {
        #else
        #if Y
        c {
        #endif
        #endif
        e }
        #if Z
        f
        #elseif W
        g
        #endif
        """)
    let lexed = Lexer.lex(source)
    let (tokens, directives) = Preprocessor.resolveKeepingDirectives(
      lexed.tokens, source: source, mayHaveDirectives: lexed.mayHaveDirectives)
    XCTAssertEqual(tokens.map { source.text($0.range) }, ["a", "b", "{", "e", "}", "f", "g"])
    XCTAssertEqual(directives.map(\.kind), [.if, .else, .endif, .if, .elseif, .endif])
    XCTAssertEqual(directives.map(\.token), [1, 3, 3, 5, 6, 7])
    XCTAssertEqual(
      directives.map { source.line(of: $0.offset) }, [2, 4, 8, 10, 12, 14])
  }

  /// Without directives the tokens come back as they are, with none placed.
  func test_fileWithoutDirectives_placesNone() {
    let source = SourceFile(path: "a.swift", text: "let a = 1\n")
    let lexed = Lexer.lex(source)
    let resolved = Preprocessor.resolveKeepingDirectives(
      lexed.tokens, source: source, mayHaveDirectives: true)
    XCTAssertEqual(resolved.tokens.count, lexed.tokens.count)
    XCTAssertEqual(resolved.directives, [])
  }
}
