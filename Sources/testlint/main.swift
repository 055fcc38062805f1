import TestLintCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if let parsed = try? Arguments.parse(arguments), parsed.command == .lsp, parsed.paths.isEmpty {
  // The language server streams: it answers each message as it arrives.
  exit(LanguageServerLoop.run(threads: parsed.threads))
}
var output = ""
var errors = ""
let code = TestLintCLI.run(
  arguments, standardInput: StandardStream.readInput, stdout: &output, stderr: &errors)
StandardStream.output.write(output)
StandardStream.error.write(errors)
exit(code.rawValue)
