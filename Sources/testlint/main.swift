import TestLintCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

var output = ""
var errors = ""
let code = TestLintCLI.run(
  Array(CommandLine.arguments.dropFirst()), standardInput: StandardStream.readInput,
  stdout: &output, stderr: &errors)
StandardStream.output.write(output)
StandardStream.error.write(errors)
exit(code.rawValue)
