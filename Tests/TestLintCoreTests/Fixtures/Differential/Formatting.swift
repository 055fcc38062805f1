import XCTest
@testable
import Settings

@MainActor
final
class SettingsViewModelTests:
  XCTestCase
{
  var sut: SettingsViewModel!
  var store:
    StoreSpy!

  @MainActor
  override
  func setUp() async throws {
    try await super.setUp()
    store = StoreSpy(); sut = SettingsViewModel(store: store)
  }

  func test_toggle_savesValue() async
    throws
  {
    await sut.toggle(
      .notifications,
      to: true
    )
    XCTAssertEqual(store.saved[.notifications], true)
  }

  func
  test_reset_clearsValues() {
    sut.reset(); XCTAssertTrue(store.saved.isEmpty)
  }

  @available(iOS 17, *)
  func test_newAPI_works() throws -> Void { XCTAssertNoThrow(try sut.useNewAPI()) }

  class func makeDefault() -> SettingsViewModel { SettingsViewModel(store: StoreSpy()) }
  static var shared: SettingsViewModel { makeDefault() }
  func test_static_isDistinct() { XCTAssertFalse(Self.shared === sut, "a new instance") }
}

extension SettingsViewModelTests { final class NestedSpy {}; struct Pair { let a, b: Int } }

final class StoreSpy: SettingsStore, @unchecked Sendable {
  var saved: [SettingKey: Bool] = [:]
  func save(_ value: Bool, for key: SettingKey) { saved[key] = value }
  func `default`() -> Bool { false }
  func `class`(of key: SettingKey) -> String { "\(key)" }
}

enum SettingKey: String, CaseIterable { case notifications, darkMode; func title() -> String { rawValue.capitalized } }

protocol SettingsStore { func save(_ value: Bool, for key: SettingKey) }

private struct Empty {}
fileprivate enum Nothing {}
public actor Counter { var value = 0; func increment() { value += 1 } }

@available(
  *, deprecated,
  message: "use run() { } instead"
)
@objc(legacyRun)
func legacyRun<T>(
  _ value: T
) -> T
  where T: Equatable
{
  value
}

enum Route {
  indirect case nested(Route)
  case handler((Result<Int, Error>) -> Void)
  case plain; static func make() -> Route { .plain }
}

let formatter: DateFormatter = {
  let formatter = DateFormatter()
  func configure() {}
  return formatter
}()

struct Tëst { func ünïcode() {} }
