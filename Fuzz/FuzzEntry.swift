// The libFuzzer entry point of the fuzz binary that `Scripts/fuzz` builds.
//
// One binary holds every target (`Tests/TestLintCoreTests/FuzzTargets/`, compiled into this
// binary as well as into the tests that replay the regression inputs), so the library is
// compiled once; `TESTLINT_FUZZ_TARGET` picks which one each run feeds: `lex` (the default),
// `rules`, `fix`, `reporters`, `lsp` or `config`. A broken invariant traps, with what broke.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The target chosen by the environment, read once.
let fuzzTarget: String = {
  guard let value = getenv("TESTLINT_FUZZ_TARGET") else { return "lex" }
  return String(cString: value)
}()

/// Feeds one input to the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do throws(FuzzFailure) {
    switch fuzzTarget {
    case "rules": try RulesFuzzer.run(bytes)
    case "fix": try FixFuzzer.run(bytes)
    case "reporters": try ReportersFuzzer.run(bytes)
    case "lsp": try LSPFuzzer.run(bytes)
    case "config": try ConfigFuzzer.run(bytes)
    case "lex": try LexFuzzer.run(bytes)
    default:
      fatalError("unknown fuzz target '\(fuzzTarget)': lex, rules, fix, reporters, lsp, config")
    }
  } catch {
    fatalError("\(fuzzTarget): \(error.description)")
  }
  return 0
}
