import TestLintCore

let cwd = FileWalker.currentDirectory()
let args = Array(CommandLine.arguments.dropFirst())
let collected = FileWalker.collect(args.isEmpty ? ["."] : args, workingDirectory: cwd) { _, _ in true }
let rules = RuleRegistry.all.map { ConfiguredRule($0, severity: $0.description.defaultSeverity, options: RuleOptions(defaultsOf: $0.description)) }
let engine = LintEngine(rules: rules, testBaseClasses: [], threads: 2)
let result = engine.run(collected.files)
for f in result.findings { print("\(f.path):\(f.line):\(f.column): \(f.severity.rawValue): \(f.message) (\(f.ruleID))") }
for e in result.errors + collected.errors { print(e.formatted) }
