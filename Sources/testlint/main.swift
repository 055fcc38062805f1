import TestLintCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
// A run over a tree starts again once with glibc's malloc tuned (see `MallocTuning`).
MallocTuning.restartIfUseful(arguments)
if let parsed = try? Arguments.parse(arguments), parsed.command == .lsp, parsed.paths.isEmpty {
  // The language server streams: it answers each message as it arrives.
  exit(LanguageServerLoop.run(threads: parsed.threads))
}
var errors = ""
// Standard output is written as it comes (a long report as it is rendered); standard error at
// the end.
let code = TestLintCLI.run(
  arguments, standardInput: StandardStream.readInput, output: { StandardStream.output.write($0) },
  stderr: &errors)
StandardStream.error.write(errors)
exit(code.rawValue)
