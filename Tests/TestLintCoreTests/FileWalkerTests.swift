#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import XCTest

@testable import TestLintCore

/// How the walker finds files (the listing's entry types, stamps only when asked) and how it
/// reads one (a single `read` for the common case, read on to the end otherwise).
final class FileWalkerTests: XCTestCase {
  // MARK: Reading

  func test_readAll_regularFile_takesOneRead() throws {
    let text = String(repeating: "let value = 1\n", count: 500)
    let read = try readCounted(text)
    XCTAssertEqual(read.failure, 0)
    XCTAssertEqual(read.bytes, Array(text.utf8))
    XCTAssertEqual(read.reads, 1, "a read short of the size plus one byte is the end")
  }

  func test_readAll_emptyFile_takesOneRead() throws {
    let read = try readCounted("")
    XCTAssertEqual(read.failure, 0)
    XCTAssertEqual(read.bytes, [])
    XCTAssertEqual(read.reads, 1)
  }

  func test_readAll_shortReads_readToTheEnd() throws {
    let text = "import XCTest\nfinal class ATests: XCTestCase {}\n"
    let read = try readCounted(text, chunk: 3)
    XCTAssertEqual(read.failure, 0)
    XCTAssertEqual(String(decoding: read.bytes, as: UTF8.self), text)
    XCTAssertEqual(read.reads, (text.utf8.count + 2) / 3, "no read after the size's last byte")
  }

  func test_readAll_fileThatGrew_isReadToItsEnd() {
    let content = Array((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
    var source = FakeFile(content: content, chunk: 700)
    let (bytes, failure) = FileWalker.readAll(-1, size: 10) { _, buffer, count in source.read(buffer, count) }
    XCTAssertEqual(failure, 0)
    XCTAssertEqual(bytes, content)
    XCTAssertEqual(source.calls.last, 0, "read on to the end")
  }

  func test_readAll_fileThatShrank_isReadToItsEnd() {
    var source = FakeFile(content: Array("let a = 1\n".utf8), chunk: 1 << 20)
    let (bytes, failure) = FileWalker.readAll(-1, size: 4096) { _, buffer, count in source.read(buffer, count) }
    XCTAssertEqual(failure, 0)
    XCTAssertEqual(bytes, Array("let a = 1\n".utf8))
    XCTAssertEqual(source.calls, [10, 0], "fewer bytes than the size: read on to a read of 0")
  }

  func test_readAll_interruptedRead_isRetried() {
    var source = FakeFile(content: Array("let a = 1\n".utf8), chunk: 4, interruptions: 2)
    let (bytes, failure) = FileWalker.readAll(-1, size: 10) { _, buffer, count in source.read(buffer, count) }
    XCTAssertEqual(failure, 0)
    XCTAssertEqual(bytes, Array("let a = 1\n".utf8))
    XCTAssertEqual(source.calls, [-1, -1, 4, 4, 2])
  }

  func test_readAll_failedRead_givesItsError() {
    var source = FakeFile(content: Array(repeating: 65, count: 100), chunk: 30, failAfter: 2)
    let (bytes, failure) = FileWalker.readAll(-1, size: 100) { _, buffer, count in source.read(buffer, count) }
    XCTAssertEqual(failure, EIO)
    XCTAssertEqual(bytes.count, 60, "what was read before the failure")
  }

  // MARK: Walking

  func test_collect_withoutStamps_findsWhatStampsFind() throws {
    let sandbox = try Sandbox(self)
    try makeTree(sandbox)
    let filter = { (_: String, _: Bool) in true }
    let stamped = FileWalker.collect([sandbox.root], workingDirectory: sandbox.root, stamps: true, filter: filter)
    let plain = FileWalker.collect([sandbox.root], workingDirectory: sandbox.root, stamps: false, filter: filter)
    let expected = ["A.swift", "Link.swift", "Sub/B.swift", "Sub/Deeper/C.swift", "Sub/Sub.swift/D.swift"]
    XCTAssertEqual(stamped.files.map(\.displayPath), expected)
    XCTAssertEqual(plain.files.map(\.displayPath), expected)
    XCTAssertEqual(plain.files.map(\.path), stamped.files.map(\.path))
    XCTAssertEqual(plain.errors, stamped.errors)
    XCTAssertTrue(plain.files.allSatisfy { $0.stamp == nil })
    XCTAssertEqual(stamped.files.map { $0.stamp?.size }, [5, 8, 6, 7, 8], "a link's stamp is its target's")
  }

  func test_collect_tree_sameAsTheWalkThatLookedUpEveryEntry() throws {
    let sandbox = try Sandbox(self)
    try makeTree(sandbox)
    // Names whose order is not their paths' order, or whose text compares equal in other
    // code points (a precomposed and a decomposed accent).
    let names = [
      "a/x.swift", "a-b.swift", "a.swift", "a b/y.swift", "a/b/z.swift", "a0/w.swift", "A/v.swift", "~.swift",
      "\u{E9}/A.swift", "e\u{301}/A.swift", "\u{E9}.swift", "e\u{301}.swift", "\u{301}mark.swift", "x/\u{301}/m.swift",
      "Z/\u{E9}/B.swift", "Z/e\u{301}/B.swift", "K.swift", "\u{212A}.swift", "Y/K.swift", "Y/\u{212A}.swift",
    ]
    for name in names { try sandbox.write(name, "let \(name.count)") }
    let filter = { (path: String, _: Bool) in !path.hasSuffix("w.swift") }
    let roots: [[String]] = [
      ["."], [sandbox.root], ["Sub", "."], [".", "Sub"], ["a", "a.swift", "A.swift"], ["../Sub"], ["Missing", "Sub/B.swift"],
    ]
    for paths in roots {
      for directory in ["", "a", "Sub"] {
        let workingDirectory = directory.isEmpty ? sandbox.root : sandbox.path(directory)
        let old = Self.oldCollect(paths, workingDirectory: workingDirectory, filter: filter)
        for stamps in [true, false] {
          let new = FileWalker.collect(paths, workingDirectory: workingDirectory, stamps: stamps, filter: filter)
          let threaded = FileWalker.collect(
            paths, workingDirectory: workingDirectory, stamps: stamps, threads: 2, filter: filter)
          XCTAssertEqual(threaded.files, new.files, "\(paths) in '\(directory)'")
          XCTAssertEqual(threaded.errors, new.errors, "\(paths) in '\(directory)'")
          XCTAssertEqual(new.files.map(\.path), old.files.map(\.path), "\(paths) in '\(directory)'")
          XCTAssertEqual(new.files.map(\.displayPath), old.files.map(\.displayPath), "\(paths) in '\(directory)'")
          XCTAssertEqual(new.files.map(\.stamp), stamps ? old.files.map(\.stamp) : old.files.map { _ in nil })
          XCTAssertEqual(new.errors.sorted(), old.errors.sorted(), "\(paths) in '\(directory)'")
        }
      }
    }
  }

  func test_collect_asciiTreeOnOneThread_sameAsSortedAfter() throws {
    // One thread walks an ASCII tree in its paths' order (a folder's name as if it ended in
    // `/`): names that sort before and after `/`, a name that starts another, upper case.
    let sandbox = try Sandbox(self)
    try makeTree(sandbox)
    let names = [
      "a/x.swift", "a-b.swift", "a.swift", "a b/y.swift", "a/b/z.swift", "a0/w.swift", "A/v.swift", "~.swift",
      "ab/c.swift", "ab.swift", "a!/d.swift", "a/b.swift", "a/b-c.swift", "a/b/c/d/e.swift", "b/.hidden/h.swift",
    ]
    for name in names { try sandbox.write(name, "let \(name.count)") }
    let filter = { (path: String, _: Bool) in !path.hasSuffix("w.swift") }
    // From the tree's folder, from inside it (then not in order: paths shown whole and not),
    // from a folder beside it.
    let roots: [(paths: [String], directory: String)] = [
      (["."], ""), ([sandbox.root], ""), (["a"], ""), ([".."], "a"), (["../a"], "Sub"), ([sandbox.path("a")], "Sub"),
    ]
    for (paths, directory) in roots {
      let workingDirectory = directory.isEmpty ? sandbox.root : sandbox.path(directory)
      let old = Self.oldCollect(paths, workingDirectory: workingDirectory, filter: filter)
      for stamps in [true, false] {
        let one = FileWalker.collect(paths, workingDirectory: workingDirectory, stamps: stamps, filter: filter)
        let two = FileWalker.collect(paths, workingDirectory: workingDirectory, stamps: stamps, threads: 2, filter: filter)
        // Beyond the parallel walk's limit, the walk in order on its thread.
        let many = FileWalker.collect(
          paths, workingDirectory: workingDirectory, stamps: stamps, threads: 2, parallelLimit: 5, filter: filter)
        XCTAssertEqual(one.files, two.files, "\(paths) in '\(directory)'")
        XCTAssertEqual(many.files, two.files, "\(paths) in '\(directory)'")
        XCTAssertEqual(many.errors.sorted(), two.errors.sorted(), "\(paths) in '\(directory)'")
        XCTAssertEqual(one.files.map(\.displayPath), old.files.map(\.displayPath), "\(paths) in '\(directory)'")
        XCTAssertEqual(one.files.map(\.path), old.files.map(\.path), "\(paths) in '\(directory)'")
        XCTAssertEqual(one.files.map(\.stamp), stamps ? old.files.map(\.stamp) : old.files.map { _ in nil })
        XCTAssertEqual(one.errors.sorted(), old.errors.sorted(), "\(paths) in '\(directory)'")
      }
    }
    let walked = FileWalker.collect(["."], workingDirectory: sandbox.root) { _, _ in true }.files.map(\.displayPath)
    XCTAssertEqual(walked, walked.sorted())
    XCTAssertEqual(walked.filter { $0.hasPrefix("a") }.prefix(6), ["a b/y.swift", "a!/d.swift", "a-b.swift", "a.swift", "a/b-c.swift", "a/b.swift"])
  }

  func test_collect_onThreads_findsWhatOneThreadFinds() throws {
    let sandbox = try Sandbox(self)
    try makeTree(sandbox)
    // Many folders, nested and side by side, so that both threads list some.
    for outer in 0..<12 {
      for inner in 0..<4 {
        try sandbox.write("F\(outer)/G\(inner)/H/T\(outer)_\(inner)Tests.swift", "let a = \(outer)")
        try sandbox.write("F\(outer)/G\(inner)/notes.txt", "no")
      }
      try sandbox.write("F\(outer)/.hidden/X.swift", "let hidden = 1")
    }
    let filter = { (path: String, _: Bool) in !path.hasSuffix("T3_1Tests.swift") }
    for stamps in [true, false] {
      let one = FileWalker.collect(["."], workingDirectory: sandbox.root, stamps: stamps, filter: filter)
      let old = Self.oldCollect(["."], workingDirectory: sandbox.root, filter: filter)
      XCTAssertEqual(one.files.map(\.path), old.files.map(\.path))
      XCTAssertEqual(one.files.count, 48 - 1 + 5)
      for threads in [2, 4] {
        let found = try XCTUnwrap(FileWalker.listInParallel(sandbox.root, stamps: stamps, threads: threads))
        XCTAssertEqual(found.reduce(0) { $0 + $1.count }, 48 + 5, "every file, before the filter")
        let many = FileWalker.collect(["."], workingDirectory: sandbox.root, stamps: stamps, threads: threads, filter: filter)
        XCTAssertEqual(many.files, one.files)
        XCTAssertEqual(many.errors, one.errors)
      }
    }
  }

  func test_listInParallel_pathBytes_countTheDisplayedPaths() throws {
    // The walk reserves its list from this count: a tree outside the working directory is
    // shown by whole paths, which a count of relative ones fell short of (the list then grew
    // to twice its size).
    let sandbox = try Sandbox(self)
    for folder in 0..<6 { try sandbox.write("F\(folder)/G/T\(folder)Tests.swift", "let a = 1") }
    let parts = try XCTUnwrap(FileWalker.listInParallel(sandbox.root, stamps: false, threads: 2))
    for workingDirectory in [sandbox.root, sandbox.path("F1"), "/elsewhere"] {
      let prefix = workingDirectory + "/"
      let display = { (path: String) in path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
      var shown = 0
      for part in parts { part.forEach { path, _ in shown += display(path).utf8.count } }
      XCTAssertEqual(parts.reduce(0) { $0 + $1.pathBytes(displayed: display) }, shown, workingDirectory)
    }
  }

  func test_listInParallel_beyondItsLimit_givesUp() throws {
    let sandbox = try Sandbox(self)
    for folder in 0..<4 { try sandbox.write("F\(folder)/T\(folder)Tests.swift", "let a = 1") }
    XCTAssertNil(FileWalker.listInParallel(sandbox.root, stamps: false, threads: 2, limit: 5))
    let found = try XCTUnwrap(FileWalker.listInParallel(sandbox.root, stamps: false, threads: 2, limit: 8))
    XCTAssertEqual(found.reduce(0) { $0 + $1.count }, 4)
  }

  func test_listInParallel_nameNotASCII_leavesTheWalkToOneThread() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("A/B.swift", "let a = 1")
    try sandbox.write("A/\u{E9}t\u{E9}/C.swift", "let c = 1")
    XCTAssertNil(FileWalker.listInParallel(sandbox.root, stamps: false, threads: 2))
    // A name that is not ASCII in a file that is not Swift changes nothing.
    let other = try Sandbox(self)
    try other.write("A/B.swift", "let a = 1")
    try other.write("A/\u{E9}t\u{E9}.txt", "no")
    var found: [String] = []
    for part in FileWalker.listInParallel(other.root, stamps: false, threads: 2) ?? [] { part.forEach { path, _ in found.append(path) } }
    XCTAssertEqual(found, [other.path("A/B.swift")])
    let walked = FileWalker.collect(["."], workingDirectory: sandbox.root, threads: 2) { _, _ in true }
    XCTAssertEqual(walked.files.map(\.displayPath), ["A/B.swift", "A/\u{E9}t\u{E9}/C.swift"])
  }

  func test_collect_hiddenNames_skippedAsTheirTextSays() throws {
    // A `.` and then a combining mark is one character, not a `.`: such a name is not hidden
    // (`hasPrefix`), as before the walk looked at the name's first bytes.
    let sandbox = try Sandbox(self)
    for name in [".Hidden.swift", ".\u{301}Accent.swift", "Plain.swift", ".x/In.swift"] {
      try sandbox.write(name, "let a")
    }
    let found = FileWalker.collect([sandbox.root], workingDirectory: sandbox.root, stamps: false) { _, _ in true }
    XCTAssertEqual(
      found.files.map(\.displayPath), [".\u{301}Accent.swift", "Plain.swift"].filter { !$0.hasPrefix(".") }.sorted())
    XCTAssertEqual(found.files.count, 2)
  }

  func test_look_unknownType_decidesAsTheListedType() throws {
    // The file system here gives every entry's type; `DT_UNKNOWN` (some network and older
    // file systems) must lead to the same decisions by looking the entry up.
    let sandbox = try Sandbox(self)
    try makeTree(sandbox)
    let folder = open(sandbox.root, O_RDONLY | O_DIRECTORY)
    XCTAssertGreaterThanOrEqual(folder, 0)
    defer { close(folder) }
    let listed = try listing(sandbox.root)
    XCTAssertEqual(listed.count, 9)
    for (name, type) in listed {
      for stamps in [false, true] {
        XCTAssertEqual(
          FileWalker.look(at: name, type: UInt8(DT_UNKNOWN), in: folder, stamps: stamps),
          FileWalker.look(at: name, type: type, in: folder, stamps: stamps), "\(name) stamps: \(stamps)")
      }
    }
    XCTAssertEqual(FileWalker.look(at: "Gone.swift", type: UInt8(DT_UNKNOWN), in: folder, stamps: false), .skipped)
  }

  func test_look_links_followedToFilesOnly() throws {
    let sandbox = try Sandbox(self)
    try makeTree(sandbox)
    let folder = open(sandbox.root, O_RDONLY | O_DIRECTORY)
    XCTAssertGreaterThanOrEqual(folder, 0)
    defer { close(folder) }
    let link = UInt8(DT_LNK)
    XCTAssertEqual(FileWalker.look(at: "Link.swift", type: link, in: folder, stamps: false), .file(nil))
    XCTAssertEqual(FileWalker.look(at: "FolderLink.swift", type: link, in: folder, stamps: false), .skipped)
    XCTAssertEqual(FileWalker.look(at: "SubLink", type: link, in: folder, stamps: false), .skipped)
    XCTAssertEqual(FileWalker.look(at: "Dangling.swift", type: link, in: folder, stamps: false), .skipped)
    XCTAssertEqual(FileWalker.look(at: "Pipe.swift", type: UInt8(DT_FIFO), in: folder, stamps: false), .skipped)
  }

  func test_fixWithCache_reportsTheFixedFiles() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "ATests.swift", "import XCTest\nfinal class ATests: XCTestCase {\n  func test_a_b() { XCTAssert(a == b) }\n}\n")
    let first = sandbox.run(["--quiet"])
    XCTAssertTrue(first.stdout.contains("(generic_xctassert)"), first.stdout)
    let fixed = sandbox.run(["--quiet", "--fix"])
    XCTAssertEqual(fixed.code, .success, fixed.stdout)
    XCTAssertEqual(fixed.stdout, "", "the cache's results for the file before its fix are not reused")
    XCTAssertEqual(sandbox.run(["--quiet"]).stdout, "")
  }

  // MARK: Helpers

  /// The walk as it was, an `lstat` of every entry: the reference for the order, the paths
  /// and the stamps.
  static func oldCollect(
    _ paths: [String], workingDirectory: String,
    filter: (_ path: String, _ isExplicit: Bool) -> Bool
  ) -> (files: [FileEntry], errors: [Diagnostic]) {
    var files: [FileEntry] = []
    var errors: [Diagnostic] = []
    var seen: Set<String> = []
    for given in paths {
      let absolute = FileWalker.absolutePath(given, workingDirectory: workingDirectory)
      var info = stat()
      guard stat(absolute, &info) == 0 else {
        errors.append(Diagnostic(path: given, message: "cannot open: \(FileWalker.errorText())"))
        continue
      }
      if (info.st_mode & S_IFMT) != S_IFDIR {
        if seen.insert(absolute).inserted, filter(absolute, true) {
          files.append(
            FileEntry(
              path: absolute, displayPath: FileWalker.display(absolute, workingDirectory), stamp: FileWalker.stamp(info)))
        }
        continue
      }
      var stack = [absolute]
      while let directory = stack.popLast() {
        guard let handle = opendir(directory) else {
          errors.append(
            Diagnostic(path: FileWalker.display(directory, workingDirectory), message: "cannot open directory: \(FileWalker.errorText())"))
          continue
        }
        var children: [String] = []
        while let entry = readdir(handle) {
          let (name, isUTF8) = withUnsafePointer(to: entry.pointee.d_name) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: 256) {
              (String(cString: $0), String(validatingCString: $0) != nil)
            }
          }
          if name.hasPrefix(".") { continue }
          // Paths are text from here on: a name that is not UTF-8 could not be opened again.
          guard isUTF8 else {
            if name.hasSuffix(".swift") || Int(entry.pointee.d_type) == Int(DT_DIR) {
              let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
              errors.append(
                Diagnostic(
                  path: FileWalker.display(child, workingDirectory), message: "cannot open: its name is not valid UTF-8"))
            }
            continue
          }
          children.append(name)
        }
        closedir(handle)
        for name in children.sorted(by: >) {
          let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
          var childInfo = stat()
          guard lstat(child, &childInfo) == 0 else { continue }
          let type = childInfo.st_mode & S_IFMT
          if type == S_IFDIR {
            stack.append(child)
          } else if name.hasSuffix(".swift") {
            var info = childInfo
            if type == S_IFLNK {
              var target = stat()
              guard stat(child, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { continue }
              info = target
            } else if type != S_IFREG {
              continue
            }
            if seen.insert(child).inserted, filter(child, false) {
              files.append(
                FileEntry(path: child, displayPath: FileWalker.display(child, workingDirectory), stamp: FileWalker.stamp(info)))
            }
          }
        }
      }
    }
    files.sort { $0.displayPath < $1.displayPath }
    return (files, errors)
  }


  /// A tree with every kind of entry: files, folders, a folder named `.swift`, a hidden
  /// folder, links to a file, a folder and nothing, a pipe, a file not named `.swift`.
  private func makeTree(_ sandbox: Sandbox) throws {
    try sandbox.write("A.swift", "let a")
    try sandbox.write("Notes.txt", "notes")
    try sandbox.write("Sub/B.swift", "let bb")
    try sandbox.write("Sub/Deeper/C.swift", "let ccc")
    try sandbox.write("Sub/Sub.swift/D.swift", "let dddd")
    try sandbox.write(".hidden/E.swift", "let e")
    try sandbox.write("Target.txt", "let link")
    let links = [
      "Link.swift": "Target.txt", "FolderLink.swift": "Sub", "SubLink": "Sub", "Dangling.swift": "Nowhere.swift",
    ]
    for (name, target) in links {
      XCTAssertEqual(symlink(target, sandbox.path(name)), 0)
    }
    XCTAssertEqual(mkfifo(sandbox.path("Pipe.swift"), 0o644), 0)
  }

  /// The folder's entries as listed, with their types (no hidden ones).
  private func listing(_ path: String) throws -> [(String, UInt8)] {
    let handle = try XCTUnwrap(opendir(path))
    defer { closedir(handle) }
    var entries: [(String, UInt8)] = []
    while let entry = readdir(handle) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
    }
    return entries
  }

  /// `readAll` of a file holding `text`, through `read` of at most `chunk` bytes a call;
  /// with the number of calls.
  private func readCounted(
    _ text: String, chunk: Int = .max
  ) throws -> (bytes: [UInt8], failure: Int32, reads: Int) {
    let sandbox = try Sandbox(self)
    try sandbox.write("A.swift", text)
    var reads = 0
    let (bytes, failure) = try withDescriptor(sandbox.path("A.swift")) { descriptor, size in
      FileWalker.readAll(descriptor, size: size) { descriptor, buffer, count in
        reads += 1
        return read(descriptor, buffer, min(count, chunk))
      }
    }
    return (bytes, failure, reads)
  }

  private func withDescriptor<T>(_ path: String, _ body: (Int32, Int) -> T) throws -> T {
    let descriptor = open(path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { close(descriptor) }
    var info = stat()
    XCTAssertEqual(fstat(descriptor, &info), 0)
    return body(descriptor, Int(info.st_size))
  }
}

/// A file as `read` sees it: at most `chunk` bytes a call, `interruptions` calls failing with
/// `EINTR` first, and every call after the first `failAfter` failing with `EIO`.
private struct FakeFile {
  var content: [UInt8]
  var chunk: Int
  var interruptions = 0
  var failAfter = Int.max
  var offset = 0
  var calls: [Int] = []

  mutating func read(_ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    if interruptions > 0 {
      interruptions -= 1
      calls.append(-1)
      errno = EINTR
      return -1
    }
    if calls.count >= failAfter {
      calls.append(-1)
      errno = EIO
      return -1
    }
    let length = min(count, chunk, content.count - offset)
    content.withUnsafeBytes { bytes in
      buffer.copyMemory(from: bytes.baseAddress! + offset, byteCount: length)
    }
    offset += length
    calls.append(length)
    return length
  }
}
