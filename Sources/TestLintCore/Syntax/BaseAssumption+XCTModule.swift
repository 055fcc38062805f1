extension BaseAssumption {
  /// Whether a module's name is `XCT` and a capital, as XCTest spells its own names: a test
  /// library built on XCTest that re-exports it (Vapor's `XCTVapor`, `XCTQueues`, `XCTFluent`,
  /// a team's `XCTSupport`). Not `XCTools` (no capital after the prefix).
  static func readsAsXCTModule(_ module: String) -> Bool {
    let bytes = module.utf8
    guard bytes.count > 3, bytes.starts(with: "XCT".utf8) else { return false }
    let fourth = bytes[bytes.index(bytes.startIndex, offsetBy: 3)]
    return fourth >= UInt8(ascii: "A") && fourth <= UInt8(ascii: "Z")
  }
}
