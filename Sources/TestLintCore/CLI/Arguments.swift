/// What the command line asked for.
public struct Arguments: Sendable, Equatable {
  /// The subcommand.
  public enum Command: String, Sendable {
    case lint, rules, inventory, version, help, baseline, lsp
  }

  /// A `--reporter NAME[:FILE]` request.
  public struct ReporterRequest: Sendable, Equatable {
    /// The reporter's name.
    public var name: String
    /// The file to write, or nil for standard output.
    public var path: String?
  }

  /// The subcommand (`lint` when none is given).
  public var command: Command = .lint
  /// Paths to lint (or the rule id for `rules`).
  public var paths: [String] = []
  /// `--config FILE`.
  public var configPath: String?
  /// `--reporter NAME[:FILE]`, in order.
  public var reporters: [ReporterRequest] = []
  /// `--strict`: warnings fail the run too.
  public var strict = false
  /// `--quiet`: no summary or notes on standard error.
  public var quiet = false
  /// `--only-rule ID`, repeatable.
  public var onlyRules: [String] = []
  /// `--threads N`.
  public var threads: Int?
  /// `--fix`: apply safe fixes.
  public var fix = false
  /// `--dry-run` (with `--fix`): print a unified diff instead of writing.
  public var dryRun = false
  /// `--stdin-path PATH`: lint standard input as if it were the file at PATH.
  public var stdinPath: String?
  /// `--baseline FILE`: report only findings not recorded in FILE.
  public var baselinePath: String?
  /// `--write-baseline FILE`: record the current findings in FILE.
  public var writeBaselinePath: String?
  /// `--baseline-strict`: fail when baselined findings no longer occur.
  public var baselineStrict = false
  /// `--changed-since REV`: report only findings on lines changed since REV.
  public var changedSince: String?
  /// `--changed-files-only` (with `--changed-since`): whole changed files, not just lines.
  public var changedFilesOnly = false
  /// `--shard K/N`: lint the K-th of N deterministic slices of the files.
  public var shard: (index: Int, count: Int)?
  /// `--max-warnings N`: fail when there are more than N warnings.
  public var maxWarnings: Int?
  /// `--report-limit N`: the most findings the `html` report lists (its figures count all).
  public var reportLimit: Int?
  /// `--no-cache`: neither read nor write the result cache.
  public var noCache = false
  /// `--cache-path DIR`: where the result cache lives.
  public var cachePath: String?
  /// `--absolute-paths`: print every file's absolute path, not one relative to the working
  /// directory (for tools that run testlint in another folder, such as Xcode's plugins).
  public var absolutePaths = false

  public static func == (lhs: Arguments, rhs: Arguments) -> Bool {
    lhs.command == rhs.command && lhs.paths == rhs.paths && lhs.configPath == rhs.configPath
      && lhs.reporters == rhs.reporters && lhs.strict == rhs.strict && lhs.quiet == rhs.quiet
      && lhs.onlyRules == rhs.onlyRules && lhs.threads == rhs.threads && lhs.fix == rhs.fix
      && lhs.dryRun == rhs.dryRun && lhs.stdinPath == rhs.stdinPath
      && lhs.baselinePath == rhs.baselinePath && lhs.writeBaselinePath == rhs.writeBaselinePath
      && lhs.baselineStrict == rhs.baselineStrict && lhs.changedSince == rhs.changedSince
      && lhs.changedFilesOnly == rhs.changedFilesOnly && lhs.shard?.index == rhs.shard?.index
      && lhs.shard?.count == rhs.shard?.count && lhs.maxWarnings == rhs.maxWarnings
      && lhs.noCache == rhs.noCache && lhs.cachePath == rhs.cachePath
      && lhs.absolutePaths == rhs.absolutePaths && lhs.reportLimit == rhs.reportLimit
  }

  /// The long options, for "did you mean".
  static let options = [
    "--config", "--reporter", "--strict", "--quiet", "--only-rule", "--threads", "--help",
    "--version", "--fix", "--dry-run", "--stdin-path", "--baseline", "--write-baseline",
    "--baseline-strict", "--changed-since", "--changed-files-only", "--shard", "--max-warnings",
    "--no-cache", "--cache-path", "--absolute-paths", "--report-limit",
  ]

  /// Parses `argv` without the program name.
  /// - Throws: a `UsageError` with a message that names the problem.
  public static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    var result = Arguments()
    var index = 0
    var sawCommand = false
    var onlyPaths = false
    func value(for option: String) throws(UsageError) -> String {
      index += 1
      guard index < arguments.count else { throw UsageError("'\(option)' needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        if !sawCommand, result.paths.isEmpty, !onlyPaths, let command = Command(rawValue: argument) {
          result.command = command
          sawCommand = true
        } else {
          result.paths.append(argument)
        }
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func take() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        return try value(for: name)
      }
      switch name {
      case "--":
        onlyPaths = true
      case "-h", "--help":
        result.command = .help
      case "--version":
        result.command = .version
      case "--config":
        result.configPath = try take()
      case "--reporter":
        let text = try take()
        if let colon = text.firstIndex(of: ":") {
          let path = String(text[text.index(after: colon)...])
          guard !path.isEmpty else { throw UsageError("'--reporter \(text)' names no file after ':'") }
          result.reporters.append(ReporterRequest(name: String(text[..<colon]), path: path))
        } else {
          result.reporters.append(ReporterRequest(name: text, path: nil))
        }
      case "--strict":
        result.strict = true
      case "--fix":
        result.fix = true
      case "--dry-run":
        result.dryRun = true
      case "--stdin-path":
        result.stdinPath = try take()
      case "--baseline":
        result.baselinePath = try take()
      case "--write-baseline":
        result.writeBaselinePath = try take()
      case "--baseline-strict":
        result.baselineStrict = true
      case "--changed-since":
        result.changedSince = try take()
      case "--changed-files-only":
        result.changedFilesOnly = true
      case "--shard":
        let text = try take()
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
          index >= 1, index <= count
        else { throw UsageError("'--shard' takes K/N with 1 <= K <= N, such as 2/4, not '\(text)'") }
        result.shard = (index, count)
      case "--no-cache":
        result.noCache = true
      case "--cache-path":
        result.cachePath = try take()
      case "--max-warnings":
        let text = try take()
        guard let count = Int(text), count >= 0 else {
          throw UsageError("'--max-warnings' takes a whole number, not '\(text)'")
        }
        result.maxWarnings = count
      case "--report-limit":
        let text = try take()
        guard let count = Int(text), count >= 0 else {
          throw UsageError("'--report-limit' takes a whole number, not '\(text)'")
        }
        result.reportLimit = count
      case "--absolute-paths":
        result.absolutePaths = true
      case "--quiet", "-q":
        result.quiet = true
      case "--only-rule":
        result.onlyRules.append(try take())
      case "--threads", "-j":
        let text = try take()
        guard let count = Int(text), count >= 1, count <= 256 else {
          throw UsageError("'\(name)' takes a whole number from 1 to 256, not '\(text)'")
        }
        result.threads = count
      default:
        var message = "unknown option '\(name)'"
        if let close = Suggestion.closest(to: name, in: options) { message += "; did you mean '\(close)'?" }
        throw UsageError(message)
      }
    }
    if result.dryRun, !result.fix { throw UsageError("'--dry-run' goes with '--fix'") }
    if result.changedFilesOnly, result.changedSince == nil {
      throw UsageError("'--changed-files-only' goes with '--changed-since REV'")
    }
    if result.baselineStrict, result.baselinePath == nil {
      throw UsageError("'--baseline-strict' goes with '--baseline FILE'")
    }
    return result
  }
}

/// A command line that cannot be carried out.
public struct UsageError: Error, Sendable, Equatable {
  /// What is wrong, lowercase.
  public var message: String

  /// Creates a usage error.
  public init(_ message: String) { self.message = message }
}

/// "Did you mean" for misspelt names.
public enum Suggestion {
  /// The candidate closest to `name` (edit distance at most 3, or a prefix), if any.
  public static func closest(to name: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, EditDistance.between($0, name)) }
    if let best = scored.filter({ $0.1 <= 3 }).min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) {
      return best.0
    }
    return candidates.first { $0.hasPrefix(name) && name.count >= 3 }
  }
}
