// The libFuzzer entry point of the fuzz binary that `Scripts/fuzz` builds.
//
// One binary holds both targets, so the library is compiled once; `TESTLINT_FUZZ_TARGET`
// (`lint`, the default, or `config`) picks which one each run feeds.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The target chosen by the environment, read once.
let fuzzTarget: String = {
  guard let value = getenv("TESTLINT_FUZZ_TARGET") else { return "lint" }
  return String(cString: value)
}()

/// Feeds one input to the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch fuzzTarget {
  case "config": ConfigFuzzer.run(bytes)
  default: LintFuzzer.run(bytes)
  }
  return 0
}
