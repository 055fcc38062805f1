#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines a change touched since a revision, from `git diff`: for `--changed-since`.
public struct GitChanges: Sendable, Equatable {
  /// Changed lines by absolute file path; nil for a file that is new as a whole (untracked).
  public var lines: [String: Set<Int>?]

  /// Whether a line of a file (absolute path) was added or modified.
  public func contains(path: String, line: Int) -> Bool {
    guard let entry = lines[path] else { return false }
    guard let set = entry else { return true }
    return set.contains(line)
  }

  /// Whether a file (absolute path) was touched at all.
  public func contains(path: String) -> Bool { lines[path] != nil }

  /// Asks git what changed in the working tree since `revision`.
  /// - Throws: a message when git is missing, the folder is no repository, or the revision
  ///   is unknown.
  public static func since(_ revision: String, workingDirectory: String) throws(UsageError) -> GitChanges {
    let top = try git(["rev-parse", "--show-toplevel"], in: workingDirectory) {
      "'--changed-since' needs a git repository; '\(workingDirectory)' is not in one"
    }
    let root = top.trimmingWhiteSpace(newlines: true)
    _ = try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: root) {
      "unknown revision '\(revision)' for '--changed-since'"
    }
    let diff = try git(
      ["-c", "core.quotePath=false", "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames",
        revision, "--"],
      in: root
    ) { "git diff failed for '\(revision)'" }
    var changes = parse(diff: diff, root: root)
    let untracked = try git(["ls-files", "--others", "--exclude-standard", "-z"], in: root) {
      "git ls-files failed"
    }
    for name in untracked.split(separator: "\0") where !name.isEmpty {
      changes.lines[root + "/" + name] = .some(nil)
    }
    return changes
  }

  /// Reads `git diff --unified=0` output: `+++ b/path` then `@@ -a,b +c,d @@` hunks.
  public static func parse(diff: String, root: String) -> GitChanges {
    var lines: [String: Set<Int>?] = [:]
    var current: String?
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("+++ ") {
        // Git ends the header with a tab when the path holds a space: the path stops there.
        var name = line.dropFirst(4)
        if let tab = name.firstIndex(of: "\t") { name = name[..<tab] }
        current = name == "/dev/null" ? nil : root + "/" + (name.hasPrefix("b/") ? name.dropFirst(2) : name)
        if let current, lines[current] == nil { lines[current] = .some([]) }
      } else if line.hasPrefix("@@"), let current {
        // @@ -a[,b] +c[,d] @@
        guard let plus = line.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { continue }
        let parts = plus.dropFirst().split(separator: ",")
        guard let start = parts.first.flatMap({ Int($0) }) else { continue }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        guard count > 0 else { continue }
        var set = (lines[current] ?? .some([])) ?? []
        for number in start..<(start + count) { set.insert(number) }
        lines[current] = .some(set)
      }
    }
    return GitChanges(lines: lines)
  }

  private static func git(
    _ arguments: [String], in directory: String, failure: () -> String
  ) throws(UsageError) -> String {
    guard let run = Subprocess.run(["git", "-C", directory] + arguments) else {
      throw UsageError("'--changed-since' needs git: \(ReportFile.errorText())")
    }
    guard run.status == 0 else { throw UsageError(failure()) }
    return String(decoding: run.output, as: UTF8.self)
  }
}
