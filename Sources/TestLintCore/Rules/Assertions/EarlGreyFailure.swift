/// EarlGrey's failure report (google/EarlGrey, a UI-testing library): `EarlGrey.handle(exception:
/// details:)` hands an exception to the library's failure handler, which fails the running test.
///
/// EarlGrey's Swift wrapper, a file the library tells teams to copy into their test target,
/// declares its checks in Swift (`GREYAssertTrue`, `GREYAssertEqual`, `GREYFail`): each builds a
/// `GREYFrameworkException` when its condition fails and hands it to `EarlGrey.handle`. Linted
/// with the tests, those checks are followed as any helper is (set 50), so the handing over is
/// what must read as a failure; then a robot that calls `GREYAssertTrue` asserts, and so does a
/// test that calls the robot. Only the call through the type `EarlGrey` itself, with its first
/// argument labelled `exception:`, in a file that imports EarlGrey: anywhere else a `handle` is
/// anybody's method.
enum EarlGreyFailure {
  /// Whether the call hands an exception to EarlGrey's failure handler.
  static func reports(_ call: Call, in model: FileModel) -> Bool {
    guard call.name == "handle", call.path.count == 2, call.path[0] == "EarlGrey", !call.hasExpressionBase,
      call.labels.first == "exception"
    else { return false }
    return model.imports.contains { $0.module == "EarlGrey" }
  }
}
