// What testlint's scanner sees in each file, for `Scripts/parity`: one JSON line per path read
// from standard input. `Scripts/parity` compiles this file together with the sources of
// TestLintCore (no package change, no import: one module), so it needs only the toolchain.
//
// {"file": PATH, "problems": [[LINE, MESSAGE]], "conditional": [[FIRST, LAST]],
//  "decls": [[KIND, CONTAINER, NAME, LINE, [ATTRIBUTE...], PARAMETERS, STATIC]]}
//
// KIND is a type kind (`class`, `struct`, ...) or a function kind (`function`, `initializer`,
// `deinitializer`, `subscript`); CONTAINER the enclosing types' names joined with `/`; LINE the
// line of the declaration keyword as `swiftc -dump-parse` gives it (see DifferentialTests);
// `conditional` the line ranges of `#if` ... `#endif` groups, which the dump leaves out.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct ParityDump {
  static func main() {
    while let path = readLine(strippingNewline: true) {
      guard !path.isEmpty else { continue }
      print(dump(path))
    }
  }

  static func dump(_ path: String) -> String {
    let bytes = readBytes(path)
    let source: SourceFile
    do {
      source = try SourceFile(path: path, bytes: bytes)
    } catch {
      return "{\"file\":\(quoted(path)),\"rejected\":\(quoted(error.message))}"
    }
    let model = Scanner.scan(source)
    var parts: [String] = []
    for problem in model.problems {
      parts.append("[\(source.line(of: problem.offset)),\(quoted(problem.message))]")
    }
    let problems = "[" + parts.joined(separator: ",") + "]"
    parts = []
    var open: [Int] = []
    let lexed = Lexer.lex(source).tokens
    // Whether the last branch of the outermost group opened with an attribute: `#if X @Test
    // #endif func g()` attaches it to the declaration after `#endif`, which the dump shows
    // without it, so that declaration's line belongs to the group too.
    var branchOpensWithAttribute = false
    var branchStart = -1
    for (index, token) in lexed.enumerated() {
      if index == branchStart { branchOpensWithAttribute = token.kind == .at }
      guard token.kind == .pound else { continue }
      let text = source.text(token.range)
      let line = source.line(of: Int(token.start))
      if ["#if", "#elseif", "#else"].contains(text), open.count + (text == "#if" ? 0 : -1) == 0 {
        // The branch's first token on a line of its own (after the condition's).
        var next = index + 1
        while next < lexed.count, lexed[next].flags & Token.newlineBefore == 0 { next += 1 }
        branchStart = next
      }
      if text == "#if" {
        open.append(line)
      } else if text == "#endif", let first = open.popLast(), open.isEmpty {
        var last = line
        if branchOpensWithAttribute, index + 1 < lexed.count, lexed[index + 1].kind != .pound {
          last = source.line(of: Int(lexed[index + 1].start))
        }
        parts.append("[\(first),\(last)]")
        branchOpensWithAttribute = false
      }
    }
    if let first = open.first { parts.append("[\(first),\(Int.max / 2)]") }
    let conditional = "[" + parts.joined(separator: ",") + "]"
    func container(_ index: Int?) -> String {
      var names: [String] = []
      var cursor = index
      while let current = cursor {
        names.insert(model.types[current].name, at: 0)
        cursor = model.types[current].parent
      }
      return names.joined(separator: "/")
    }
    func attributes(_ list: [Attribute]) -> String {
      "[" + list.map { quoted($0.name) }.joined(separator: ",") + "]"
    }
    parts = []
    for type in model.types {
      let line = typeKeywordLine(type, in: model)
      parts.append(
        "[\(quoted(type.kind.rawValue)),\(quoted(container(type.parent))),\(quoted(type.name)),"
          + "\(line),\(attributes(type.attributes)),0,false]")
    }
    for function in model.functions {
      let line = keywordLine(function, in: model)
      let isStatic = function.modifiers.contains("static") || function.modifiers.contains("class")
      parts.append(
        "[\(quoted(function.kind.rawValue)),\(quoted(container(function.owner))),"
          + "\(quoted(function.name)),\(line),\(attributes(function.attributes)),"
          + "\(function.parameters.count),\(isStatic)]")
    }
    let decls = "[" + parts.joined(separator: ",") + "]"
    return "{\"file\":\(quoted(path)),\"problems\":\(problems),\"conditional\":\(conditional),"
      + "\"decls\":\(decls)}"
  }

  /// The line of a function's keyword: `func`'s (or `static`/`class` right before it), which is
  /// where the dump's range starts; the name's for the others.
  static func keywordLine(_ function: FunctionDecl, in model: FileModel) -> Int {
    let line = model.source.line(of: function.nameOffset)
    guard function.kind == .function,
      let nameIndex = model.tokens.firstIndex(where: { Int($0.start) == function.nameOffset }),
      nameIndex > 0, model.tokens[nameIndex - 1].keyword == .func
    else { return line }
    var keyword = nameIndex - 1
    if keyword > 0, [.static, .class].contains(model.tokens[keyword - 1].keyword) { keyword -= 1 }
    return model.source.line(of: model.offset(keyword))
  }

  /// The line of a type's keyword (`class`, `extension`), where the dump's range starts: the
  /// name may be on a line of its own (`extension\n  A.B.C\n{`).
  static func typeKeywordLine(_ type: TypeDecl, in model: FileModel) -> Int {
    guard let nameIndex = model.tokens.firstIndex(where: { Int($0.start) == type.nameOffset }),
      nameIndex > 0,
      [.class, .struct, .enum, .actor, .extension, .protocol].contains(model.tokens[nameIndex - 1].keyword)
    else { return model.source.line(of: type.nameOffset) }
    return model.source.line(of: model.offset(nameIndex - 1))
  }

  static func readBytes(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let read = fread(&chunk, 1, chunk.count, file)
      if read <= 0 { break }
      bytes.append(contentsOf: chunk[0..<read])
    }
    return bytes
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
