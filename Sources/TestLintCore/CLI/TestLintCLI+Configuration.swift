#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The configuration a run reads, and the key of the results it caches.
extension TestLintCLI {
  /// What the cached results depend on besides the files: the tool's version, the enabled rules
  /// with their severities and options, and the configured base classes.
  static func cacheKey(
    _ enabled: [(description: RuleDescription, severity: Severity, options: RuleOptions)],
    configuration: Configuration
  ) -> String {
    var fields = [ToolInfo.version]
    for rule in enabled {
      fields.append(rule.description.id + "=" + rule.severity.rawValue)
      for (name, value) in rule.options.values.sorted(by: { $0.key < $1.key }) {
        // Spelled out: `String(describing:)` costs a runtime conformance search per value.
        switch value {
        case .bool(let flag): fields.append(name + ":b" + (flag ? "1" : "0"))
        case .int(let number): fields.append(name + ":i" + String(number))
        case .string(let text): fields.append(name + ":s" + text)
        case .strings(let list): fields.append(name + ":l" + list.joined(separator: "\u{1}"))
        case .stringLists(let lists):
          fields.append(name + ":L" + lists.map { $0.joined(separator: "\u{1}") }.joined(separator: "\u{2}"))
        }
      }
    }
    fields.append("bases:" + configuration.testBaseClasses.joined(separator: ","))
    if let assumption = configuration.baseAssumption {
      fields.append("assumed:" + assumption.suffixes.joined(separator: ","))
    }
    return ToolInfo.version + "-" + FindingFingerprint.fingerprint(fields)
  }

  /// Reads `--config FILE`, or the nearest `.lint.yml` up from the working directory, or the
  /// defaults when there is none.
  static func loadConfiguration(
    _ explicitPath: String?, workingDirectory: String, searchFrom: String? = nil
  ) -> Result<Configuration, ConfigurationError> {
    let path: String
    if let explicitPath {
      path = FileWalker.absolutePath(explicitPath, workingDirectory: workingDirectory)
    } else if let found = findConfiguration(from: searchFrom ?? workingDirectory) {
      path = found
    } else {
      return .success(Configuration())
    }
    let display = FileWalker.relativePath(path, to: workingDirectory) ?? path
    let entry = FileEntry(path: path, displayPath: display)
    let bytes: [UInt8]
    do {
      bytes = try FileWalker.contents(of: entry)
    } catch {
      return .failure(ConfigurationError(diagnostics: [error]))
    }
    let text: String
    do {
      text = try SourceFile(path: display, bytes: bytes).text(0..<bytes.count)
    } catch {
      return .failure(ConfigurationError(diagnostics: [error]))
    }
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    do {
      return .success(
        try Configuration.parse(
          text, path: display, directory: directory.isEmpty ? "/" : directory,
          rules: RuleRegistry.descriptions))
    } catch {
      return .failure(error)
    }
  }

  static func findConfiguration(from directory: String) -> String? {
    var current = directory
    while true {
      let candidate = (current == "/" ? "" : current) + "/" + configurationFileName
      // `lstat`: a dangling or looping link is a configuration that cannot be read, reported
      // as such, not one that is absent.
      var info = stat()
      if lstat(candidate, &info) == 0 { return candidate }
      guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
      current = slash == current.startIndex ? "/" : String(current[..<slash])
    }
  }
}
