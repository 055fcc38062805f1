import Foundation
import TestLintCore
import XCTest

/// Runs the shell commands that README.md and docs/*.md show, against the built `testlint`, in
/// a sandbox project, so that none of them goes stale.
///
/// Every fenced block tagged `sh` is run with `/bin/sh` in a temporary git repository holding a
/// small app's tests (`MyAppTests/`, `Tests/`), with `testlint` on the `PATH` and the variables
/// Xcode and Xcode Cloud set for a build script. A block tagged `sh skip: REASON` is not run and
/// must say why; one tagged `sh release` (installing from the release archive) runs only when
/// `TESTLINT_RELEASE_DIR` names the folder `Scripts/release` wrote, with `curl` answered from it.
final class DocumentationCommandTests: XCTestCase {
  func test_shellBlocks_runCleanlyAgainstTheBinary() throws {
    let blocks = try Self.shellBlocks().filter { $0.kind == .run }
    XCTAssertGreaterThanOrEqual(blocks.count, 8, "the README and docs lost their shell examples")
    for block in blocks {
      let sandbox = try DocumentationSandbox(self, binary: try builtTestlint())
      let result = try sandbox.run(block.body)
      let context = "\(block.location): exit \(result.status)\n\(result.stdout)\(result.stderr)"
      if ProcessInfo.processInfo.environment["TESTLINT_DOCS_VERBOSE"] != nil { print(context) }
      XCTAssertFalse([2, 126, 127].contains(result.status), context)
      XCTAssertFalse(result.stderr.contains("not found"), context)
      XCTAssertFalse(result.stderr.contains("No such file"), context)
      XCTAssertEqual(sandbox.failures(), "", "testlint exited with 2 or more: \(context)")
      let command = try NSRegularExpression(
        pattern: #"(^|[\s|;&(])testlint(\s|$)"#, options: .anchorsMatchLines)
      let body = NSRange(block.body.startIndex..., in: block.body)
      if command.firstMatch(in: block.body, range: body) != nil {
        XCTAssertNotEqual(sandbox.calls(), "", "the block never ran testlint: \(context)")
      }
    }
  }

  func test_readmeQuickStart_reportsTheFixtureFinding() throws {
    let block = try XCTUnwrap(
      Self.shellBlocks().first { $0.file == "README.md" && $0.body.hasPrefix("cd MyApp\n") })
    let sandbox = try DocumentationSandbox(self, binary: try builtTestlint())

    let result = try sandbox.run(block.body)

    XCTAssertTrue(
      result.stdout.contains(
        "MyAppTests/CoursePresenterTests.swift:4:8: error: test 'test_load_showsTitle' asserts "
          + "nothing"), result.stdout + result.stderr)
  }

  func test_skippedShellBlocks_sayWhy() throws {
    let skipped = try Self.shellBlocks().filter { $0.kind == .skip }
    for block in skipped {
      XCTAssertGreaterThan(block.reason.count, 10, "\(block.location): say why it is not run")
    }
    let tags = try Self.shellBlocks().map(\.info)
    XCTAssertTrue(
      tags.allSatisfy { $0 == "sh" || $0 == "sh release" || $0.hasPrefix("sh skip: ") }, "\(tags)")
  }

  func test_releaseInstall_installsTheArchivesVersion() throws {
    guard let release = ProcessInfo.processInfo.environment["TESTLINT_RELEASE_DIR"] else {
      throw XCTSkip("TESTLINT_RELEASE_DIR is not set: run Scripts/release, then set it to release/")
    }
    let blocks = try Self.shellBlocks().filter { $0.kind == .release }
    XCTAssertEqual(blocks.count, 1)
    for block in blocks {
      let sandbox = try DocumentationSandbox(self, binary: try builtTestlint(), release: release)

      let result = try sandbox.run(block.body)

      XCTAssertEqual(result.status, 0, "\(block.location)\n\(result.stdout)\(result.stderr)")
      XCTAssertTrue(result.stdout.contains(": OK\n"), "sha256sum -c: \(result.stdout)")
      XCTAssertTrue(result.stdout.hasSuffix(ToolInfo.version + "\n"), result.stdout)
    }
  }

  /// Links between the README, docs/, Rules/ and the examples point at files that exist, and
  /// links to a heading at a heading of that file.
  func test_relativeLinks_reachFilesAndHeadings() throws {
    let link = try NSRegularExpression(pattern: #"\]\(([^)#:\s]*)(?:#([^)\s]+))?\)"#)
    for file in Self.documents {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      let folder = Self.root.appendingPathComponent(file).deletingLastPathComponent()
      for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let target = (text as NSString).substring(with: match.range(at: 1))
        let url =
          target.isEmpty
          ? Self.root.appendingPathComponent(file) : folder.appendingPathComponent(target)
        XCTAssertTrue(
          FileManager.default.fileExists(atPath: url.path), "\(file): no such file '\(target)'")
        guard match.range(at: 2).location != NSNotFound else { continue }
        let anchor = (text as NSString).substring(with: match.range(at: 2))
        let linked = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        XCTAssertTrue(
          Self.anchors(of: linked).contains(anchor),
          "\(file): no heading '#\(anchor)' in '\(target)'")
      }
    }
  }

  /// The version appears in release URLs, archive names and `from:` requirements; each must be
  /// the one `testlint version` prints (ToolInfo), the single place it is set.
  func test_versionsShown_areTheToolsVersion() throws {
    let pattern = try NSRegularExpression(
      pattern: #"(?:releases/download/|testlint-|from: "|rev: )(\d+\.\d+\.\d+)"#)
    var seen = 0
    for file in Self.documents + [
      "Plugins/Binary/Package.swift", "Examples/SamplePackage/Package.swift",
    ] {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let version = (text as NSString).substring(with: match.range(at: 1))
        XCTAssertEqual(version, ToolInfo.version, "\(file) shows version \(version)")
        seen += 1
      }
    }
    XCTAssertGreaterThan(seen, 5)
  }
}

/// A fenced `sh` block of a document.
struct ShellBlock {
  enum Kind { case run, skip, release }
  var file: String
  var line: Int
  var info: String
  var body: String

  var location: String { "\(file):\(line)" }
  var kind: Kind {
    if info == "sh release" { return .release }
    return info.hasPrefix("sh skip") ? .skip : .run
  }
  var reason: String {
    info.hasPrefix("sh skip: ") ? String(info.dropFirst("sh skip: ".count)) : ""
  }
}

extension DocumentationCommandTests {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The documents whose commands are run.
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The anchors GitHub gives a Markdown file's headings: lowercased, punctuation dropped,
  /// spaces made hyphens.
  static func anchors(of markdown: String) -> Set<String> {
    var anchors: Set<String> = []
    var fenced = false
    for line in markdown.split(separator: "\n") {
      if line.hasPrefix("```") { fenced.toggle() }
      guard !fenced, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      anchors.insert(
        String(
          title.unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
              return Character(scalar)
            }
            return nil
          }))
    }
    return anchors
  }

  /// Every fenced block whose info string starts with `sh`.
  static func shellBlocks() throws -> [ShellBlock] {
    var blocks: [ShellBlock] = []
    for file in documents {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      var open: ShellBlock?
      var fenced = false
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if line.hasPrefix("```") {
          if let block = open {
            blocks.append(block)
            open = nil
            fenced = false
          } else if fenced {
            fenced = false
          } else {
            let info = String(line.dropFirst(3))
            if info == "sh" || info.hasPrefix("sh ") {
              open = ShellBlock(file: file, line: index + 1, info: info, body: "")
            } else {
              fenced = true
            }
          }
        } else if open != nil {
          open?.body += line + "\n"
        }
      }
    }
    XCTAssertFalse(blocks.isEmpty)
    return blocks
  }
}

/// A temporary git repository with a small app's tests, `testlint` (through a wrapper that
/// records each call and any exit status of 2 or more) and shims for what a block may not do
/// for real (download, `sudo`).
struct DocumentationSandbox {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let root: String
  var environment: [String: String]

  init(_ testCase: XCTestCase, binary: URL, release: String? = nil) throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-docs-" + UUID().uuidString).path
    let root = root
    testCase.addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
    let bin = root + "/.sandbox/bin"
    let installed = root + "/.sandbox/usr-local-bin"
    try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/.sandbox/derived", withIntermediateDirectories: true)
    environment = [
      "PATH": "\(installed):\(bin):/usr/local/bin:/usr/bin:/bin",
      "HOME": root + "/.sandbox",
      "TMPDIR": root + "/.sandbox",
      "SRCROOT": root,
      "DERIVED_FILE_DIR": root + "/.sandbox/derived",
      "SCRIPT_INPUT_FILE_LIST_0": root + "/.sandbox/inputs.xcfilelist",
      "CI_PRIMARY_REPOSITORY_PATH": root,
      "GIT_CONFIG_NOSYSTEM": "1",
      "LC_ALL": "C.UTF-8",
    ]

    try write(
      ".sandbox/bin/testlint",
      """
      #!/bin/sh
      echo "$*" >> '\(root)/.sandbox/calls'
      '\(binary.path)' "$@"
      status=$?
      if [ $status -ge 2 ]; then echo "exit $status: testlint $*" >> '\(root)/.sandbox/failures'; fi
      exit $status

      """, executable: true)
    // `sudo cp X /usr/local/bin/` installs into the sandbox's own folder, first on the PATH.
    try write(
      ".sandbox/bin/sudo",
      """
      #!/bin/sh
      for argument; do
        shift
        case "$argument" in /usr/local/bin/*) argument='\(installed)/'"${argument#/usr/local/bin/}" ;; esac
        set -- "$@" "$argument"
      done
      exec "$@"

      """, executable: true)
    try write(
      ".sandbox/bin/curl",
      """
      #!/bin/sh
      # Serves release downloads from the folder Scripts/release wrote.
      for url; do :; done
      [ -n '\(release ?? "")' ] || { echo "curl: no network in the sandbox" >&2; exit 6; }
      cp '\(release ?? "")'/"$(basename "$url")" . 

      """, executable: true)
    // `path/to/testlint` in the docs: this repository.
    try FileManager.default.createDirectory(
      atPath: root + "/path/to", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/path/to/testlint",
      withDestinationPath: DocumentationCommandTests.root.path)
    try FileManager.default.createDirectory(
      atPath: root + "/Tools", withIntermediateDirectories: true)
    // `cd MyApp` in the README's quick start: the sandbox itself.
    try FileManager.default.createSymbolicLink(atPath: root + "/MyApp", withDestinationPath: ".")

    try write(
      "MyAppTests/CoursePresenterTests.swift",
      """
      import XCTest

      final class CoursePresenterTests: XCTestCase {
        func test_load_showsTitle() {
          let title = "Swift"
          _ = title
        }
      }

      """)
    try write(
      "Tests/FooTests.swift",
      """
      import XCTest

      final class FooTests: XCTestCase {
        func test_sum_isTwo() {
          XCTAssert(1 + 1 == 2)
        }
      }

      """)
    try write(".lint.yml", "version: 1\nexcluded: [\".sandbox/**\", \"path/**\", \"Tools/**\"]\n")
    try write(
      ".sandbox/inputs.xcfilelist",
      "\(root)/.lint.yml\n\(root)/MyAppTests/CoursePresenterTests.swift\n\(root)/Tests/FooTests.swift\n"
    )
    try write(".sandbox/.gitconfig", "[user]\n  name = Docs\n  email = docs@example.com\n")
    try write(".gitignore", ".sandbox/\npath/\nTools/\nMyApp\n")

    // A repository with a commit, an `origin/main`, and a staged change to a test file.
    try git("init", "-q")
    try git("add", "-A")
    try git("commit", "-q", "-m", "tests")
    try git("update-ref", "refs/remotes/origin/main", "HEAD")
    try write(
      "Tests/FooTests.swift",
      """
      import XCTest

      final class FooTests: XCTestCase {
        func test_sum_isTwo() {
          XCTAssert(1 + 1 == 2)
        }

        func testDifference() {
        }
      }

      """)
    try git("add", "Tests/FooTests.swift")
  }

  /// Runs `script` with `/bin/sh` in the sandbox.
  func run(_ script: String) throws -> Output {
    try write(".sandbox/block.sh", script)
    return try process("/bin/sh", [root + "/.sandbox/block.sh"])
  }

  /// The calls of testlint, one a line.
  func calls() -> String { read(".sandbox/calls") }

  /// The calls of testlint that exited with 2 or more.
  func failures() -> String { read(".sandbox/failures") }

  private func read(_ relative: String) -> String {
    FileManager.default.contents(atPath: root + "/" + relative)
      .map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  private func write(_ relative: String, _ text: String, executable: Bool = false) throws {
    let path = root + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    if executable {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
  }

  private func git(_ arguments: String...) throws {
    let result = try process("/usr/bin/env", ["git"] + arguments)
    guard result.status == 0 else {
      throw XCTSkip("git \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
  }

  private func process(_ executable: String, _ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    process.standardInput = FileHandle.nullDevice
    // Output goes to files: a block that fills one pipe while the other is read would hang.
    let out = root + "/.sandbox/stdout"
    let err = root + "/.sandbox/stderr"
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    _ = FileManager.default.createFile(atPath: err, contents: nil)
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: read(".sandbox/stdout"),
      stderr: read(".sandbox/stderr"))
  }
}
