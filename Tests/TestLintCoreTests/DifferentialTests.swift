import Foundation
import TestLintCore
import XCTest

/// Compares the scanner's declarations with the compiler's parser: for every fixture in
/// `Fixtures/Differential` and `Fixtures/Parity`, the type declarations (kind, container, name, line) and the
/// function-like declarations (container, name, line) at file and type scope that
/// `swiftc -dump-parse` prints must be exactly those `Scanner.scan` finds.
///
/// How the dump is read (checked against Swift 6.3's output):
/// - One node per line, children indented two spaces deeper than their parent:
///   `(class_decl decl_context=0x… range=[FILE:3:7 - line:13:1] "FooTests" final …`.
/// - Kinds compared: `class_decl` (an actor is a `class_decl` flagged `actor`), `struct_decl`,
///   `enum_decl`, `extension_decl`, `protocol`, `func_decl`, `constructor_decl`,
///   `destructor_decl`, `subscript_decl`. The name is the first quoted string; a function's
///   is printed with its argument labels (`"test_a()"`, `"==(_:_:)"`), so it is cut at `(`.
/// - Only declarations whose every ancestor is the source file or one of the type kinds count:
///   that drops local functions and types in bodies, closures and accessors (the scanner
///   leaves those out of the model too).
/// - `-dump-parse` prints nothing from inside `#if` groups, so scanner declarations on lines
///   inside a `#if` … `#endif` group are left out of the comparison.
///
/// Lines: the dump's range starts at the declaration keyword (`class`, `func`, `init`), or at
/// `static`/`class` before `func` (attributes and other modifiers are not part of it), while
/// the scanner records the name's offset (the keyword's for `init`, `deinit`, `subscript`).
/// The fixtures keep `static func name` and `class Name` on one line, as formatters do, so the
/// two lines are comparable; `Formatting.swift` has one `func` with its name on the next line,
/// which is mapped back to the keyword's line through the scanner's tokens.
final class DifferentialTests: XCTestCase {
  func test_fixtures_matchCompilerDeclarations() throws {
    let swiftc = try compilerPath()
    let fixtures = try fixtureURLs()
    XCTAssertGreaterThanOrEqual(fixtures.count, 9, "fixtures are missing")
    for url in fixtures {
      let name = url.lastPathComponent
      let expected = try compilerDeclarations(swiftc: swiftc, file: url)
      XCTAssertGreaterThan(expected.count, 3, "\(name): the dump was not understood")
      let bytes = try [UInt8](Data(contentsOf: url))
      let source = try SourceFile(path: name, bytes: bytes)
      assertSame(scannerDeclarations(source), expected, name)
    }
  }

  func test_fixturesWithCRLF_matchCompilerDeclarations() throws {
    // The same fixtures with CRLF line endings and a byte order mark must give the lines the
    // compiler gives for the originals.
    let swiftc = try compilerPath()
    for url in try fixtureURLs() {
      let name = url.lastPathComponent
      let expected = try compilerDeclarations(swiftc: swiftc, file: url)
      let text = try String(contentsOf: url, encoding: .utf8)
      let crlf = [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
      let source = try SourceFile(path: name, bytes: crlf)
      assertSame(scannerDeclarations(source), expected, "\(name) (CRLF, BOM)")
    }
  }
}

// MARK: - Helpers

extension DifferentialTests {
  fileprivate func assertSame(
    _ found: [String], _ expected: [String], _ name: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    // The dump prints extended types its own way (`[String : Int]`); compare without spaces.
    let found = found.map(Self.withoutSpaces)
    let expected = expected.map(Self.withoutSpaces)
    let missing = Set(expected).subtracting(found).sorted()
    let extra = Set(found).subtracting(expected).sorted()
    XCTAssertEqual(missing, [], "\(name): the compiler declares these, the scanner misses them", file: file, line: line)
    XCTAssertEqual(extra, [], "\(name): the scanner reports these, the compiler does not", file: file, line: line)
    XCTAssertEqual(found.count, Set(found).count, "\(name): duplicates in \(found)", file: file, line: line)
  }

  fileprivate static func withoutSpaces(_ text: String) -> String {
    text.filter { $0 != " " }
  }

  /// `Fixtures/Differential`, then `Fixtures/Parity`: one fixture per class of disagreement that
  /// `Scripts/parity` found on real test code (our own code reproducing it).
  fileprivate func fixtureURLs() throws -> [URL] {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    return try ["Fixtures/Differential", "Fixtures/Parity"].flatMap { name in
      try FileManager.default.contentsOfDirectory(
        at: here.appendingPathComponent(name), includingPropertiesForKeys: nil
      )
      .filter { $0.pathExtension == "swift" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
  }

  /// `swiftc` from `PATH`, else the toolchain's usual place; skips when there is none, except on
  /// CI (environment `CI` set), where a missing compiler fails the test.
  fileprivate func compilerPath() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let candidates = folders.map { $0 + "/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
      return found
    }
    if environment["CI"] != nil {
      XCTFail("swiftc not found on PATH or at /opt/swift/usr/bin/swiftc")
    }
    throw XCTSkip("swiftc not found; the differential test needs it")
  }

  /// Runs `swiftc -dump-parse` and reads the declarations out of its dump.
  fileprivate func compilerDeclarations(swiftc: String, file: URL) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
    // Swift 6's lexing of `/.../`, as testlint's lexer and Scripts/parity read it.
    process.arguments = ["-dump-parse", "-enable-bare-slash-regex", file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read before waiting: a full pipe would block the compiler.
    let dump = output.fileHandleForReading.readDataToEndOfFile()
    let messages = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorText = String(decoding: messages, as: UTF8.self)
    XCTAssertEqual(process.terminationStatus, 0, "\(file.lastPathComponent): \(errorText)")
    XCTAssertFalse(errorText.contains("error:"), "\(file.lastPathComponent) must parse: \(errorText)")
    return DumpReader.declarations(String(decoding: dump, as: UTF8.self))
  }

  /// The scanner's declarations, in the dump reader's notation.
  fileprivate func scannerDeclarations(_ source: SourceFile) -> [String] {
    let model = Scanner.scan(source)
    let conditional = conditionalLines(source)
    func container(_ index: Int?) -> String {
      var names: [String] = []
      var cursor = index
      while let current = cursor {
        names.insert(model.types[current].name, at: 0)
        cursor = model.types[current].parent
      }
      return names.joined(separator: "/")
    }
    var result: [String] = []
    for type in model.types {
      let line = source.line(of: type.nameOffset)
      guard !conditional.contains(line) else { continue }
      result.append("\(type.kind.rawValue) \(container(type.parent))|\(type.name) @\(line)")
    }
    for function in model.functions {
      let line = keywordLine(function, in: model)
      guard !conditional.contains(line) else { continue }
      result.append("\(function.kind.rawValue) \(container(function.owner))|\(function.name) @\(line)")
    }
    return result
  }

  /// The line of a function's keyword: the name's line, or for `func` the line of the `func`
  /// token before the name (they differ only when the name is wrapped onto its own line).
  fileprivate func keywordLine(_ function: FunctionDecl, in model: FileModel) -> Int {
    let line = model.source.line(of: function.nameOffset)
    guard function.kind == .function,
      let nameIndex = model.tokens.firstIndex(where: { Int($0.start) == function.nameOffset }),
      nameIndex > 0, model.tokens[nameIndex - 1].keyword == .func
    else { return line }
    var keyword = nameIndex - 1
    // The dump starts at `static`/`class` when one comes right before `func`.
    if keyword > 0, [.static, .class].contains(model.tokens[keyword - 1].keyword) { keyword -= 1 }
    return model.source.line(of: model.offset(keyword))
  }

  /// Lines inside `#if` … `#endif` groups (directive lines included), found with the lexer so a
  /// `#if` inside a string does not count.
  fileprivate func conditionalLines(_ source: SourceFile) -> Set<Int> {
    var lines = Set<Int>()
    var openLines: [Int] = []
    for token in Lexer.lex(source).tokens where token.kind == .pound {
      let text = source.text(token.range)
      let line = source.line(of: Int(token.start))
      if text == "#if" {
        openLines.append(line)
      } else if text == "#endif", let start = openLines.popLast() {
        lines.formUnion(start...line)
      }
    }
    return lines
  }
}

/// Reads declarations out of `swiftc -dump-parse` output (format described on the test class).
private enum DumpReader {
  static let typeKinds: [String: String] = [
    "class_decl": "class", "struct_decl": "struct", "enum_decl": "enum",
    "extension_decl": "extension", "protocol": "protocol",
  ]
  static let functionKinds: [String: String] = [
    "func_decl": "function", "constructor_decl": "initializer",
    "destructor_decl": "deinitializer", "subscript_decl": "subscript",
  ]

  static func declarations(_ dump: String) -> [String] {
    // Open ancestors: (indentation, kind, name when it is a type).
    var stack: [(indent: Int, kind: String, name: String?)] = []
    var result: [String] = []
    for line in dump.split(separator: "\n", omittingEmptySubsequences: true) {
      let indent = line.prefix(while: { $0 == " " }).count
      let body = line.dropFirst(indent)
      guard body.first == "(" else { continue }
      let kind = String(body.dropFirst().prefix(while: { $0 != " " && $0 != ")" }))
      while let last = stack.last, last.indent >= indent { stack.removeLast() }
      let ancestorsAreScopes = stack.allSatisfy { $0.kind == "source_file" || typeKinds[$0.kind] != nil }
      let name = quotedName(body)
      let container = stack.compactMap(\.name).joined(separator: "/")
      if ancestorsAreScopes, let line = startLine(body), let name {
        if var typeKind = typeKinds[kind] {
          if kind == "class_decl", afterName(body).split(separator: " ").contains(where: { $0.hasPrefix("actor") }) {
            typeKind = "actor"
          }
          result.append("\(typeKind) \(container)|\(name) @\(line)")
        } else if let functionKind = functionKinds[kind] {
          let base = functionKind == "function" ? String(name.prefix(while: { $0 != "(" })) : functionKind == "initializer" ? "init" : functionKind == "deinitializer" ? "deinit" : "subscript"
          result.append("\(functionKind) \(container)|\(base) @\(line)")
        }
      }
      stack.append((indent, kind, typeKinds[kind] != nil ? (name ?? "?") : nil))
    }
    return result
  }

  /// The first `"…"` after the range, without its quotes.
  static func quotedName(_ body: Substring) -> String? {
    let rest = body.range(of: "] ").map { body[$0.upperBound...] } ?? body
    guard let open = rest.firstIndex(of: "\"") else { return nil }
    let afterOpen = rest.index(after: open)
    guard let close = rest[afterOpen...].firstIndex(of: "\"") else { return nil }
    return String(rest[afterOpen..<close])
  }

  static func afterName(_ body: Substring) -> Substring {
    let rest = body.range(of: "] ").map { body[$0.upperBound...] } ?? body
    guard let open = rest.firstIndex(of: "\""),
      let close = rest[rest.index(after: open)...].firstIndex(of: "\"")
    else { return "" }
    return rest[rest.index(after: close)...]
  }

  /// The start line of `range=[FILE:LINE:COLUMN - line:…]`.
  static func startLine(_ body: Substring) -> Int? {
    guard let range = body.range(of: "range=["), let dash = body[range.upperBound...].range(of: " - line:")
    else { return nil }
    let location = body[range.upperBound..<dash.lowerBound].split(separator: ":")
    guard location.count >= 3 else { return nil }
    return Int(location[location.count - 2])
  }
}
