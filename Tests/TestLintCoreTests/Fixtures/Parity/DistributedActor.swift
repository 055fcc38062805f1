// Parity fixture: `distributed` is a contextual modifier of `actor`, `func` and `var`; the
// actor, its functions and the declarations after it are declarations, not one statement.
import Distributed
import XCTest

distributed actor Greeter {
  typealias ActorSystem = LocalTestingDistributedActorSystem

  distributed func greet(_ name: String) -> String { "Hello, \(name)" }

  func localOnly() -> Int { 1 }
}

final class GreeterTests: XCTestCase {
  func testGreets() async throws {
    let greeter = Greeter(actorSystem: .init())
    let text = try await greeter.greet("you")
    XCTAssertEqual(text, "Hello, you")
  }

  func testAfterTheActor() {
    XCTAssertTrue(true)
  }
}
