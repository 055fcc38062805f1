import XCTest

@testable import TestLintCore

/// The run keeps only the classes some file refers to (`RunFacts.settled`): a class a file
/// declares and extends, or declares above its subclass, is answered from that file, and from
/// every declaration when another file declares the same name.
final class OwnClassesTests: XCTestCase {
  /// `missing_assertion`'s findings for these files, in every order of reading and on 1 and 2
  /// threads, which must agree; the file names decide what is read first (`mayDeclareBases`).
  private func findings(_ sources: [String: String], file: StaticString = #filePath, line: UInt = #line) -> [String] {
    var seen: [String]?
    for threads in [1, 2] {
      let found = CalledHelpersTests.missingAssertions(in: sources, threads: threads, memoryBytes: threads == 1 ? 0 : nil)
      if let seen { XCTAssertEqual(found, seen, "threads \(threads)", file: file, line: line) }
      seen = found
    }
    return seen ?? []
  }

  func test_subclassExtendedElsewhere_withItsBaseInItsOwnFile_isATestCase() {
    // `FooTests` is referred to by the other file; `Base`, only by the file that declares both.
    let declaring = "import XCTest\nclass Base: XCTestCase {}\nfinal class FooTests: Base {}\n"
    let extending = "import XCTest\nextension FooTests {\n  func test_extension_isEmpty() {}\n}\n"
    for names in [("Declaring.swift", "ExtendingTests.swift"), ("DeclaringTests.swift", "Extending.swift")] {
      XCTAssertEqual(
        findings([names.0: declaring, names.1: extending]), ["\(names.1):3 missing_assertion"], "\(names)")
    }
  }

  func test_classExtendedInItsOwnFile_withItsBaseElsewhere_isATestCase() {
    let own = "import XCTest\nfinal class FooTests: BaseCase {}\nextension FooTests {\n  func test_own_isEmpty() {}\n}\n"
    let base = "import XCTest\nclass BaseCase: XCTestCase {}\n"
    let notBase = "import XCTest\nclass BaseCase: NSObject {}\n"
    for names in [("OwnTests.swift", "Base.swift"), ("Own.swift", "ZBaseTests.swift")] {
      XCTAssertEqual(findings([names.0: own, names.1: base]), ["\(names.0):4 missing_assertion"], "\(names)")
      XCTAssertEqual(findings([names.0: own, names.1: notBase]), [], "\(names)")
    }
  }

  func test_classDeclaredInTwoFiles_isATestCaseIfEitherMakesItOne() {
    // The file that extends its own `Shared` takes it as not a test case; another file declares
    // a `Shared` that is one: the run answers from both, as for any name declared twice.
    let own = "import XCTest\nclass Shared: NSObject {}\nextension Shared {\n  func test_shared_isEmpty() {}\n}\n"
    let other = "import XCTest\nclass Shared: XCTestCase {}\n"
    for names in [("OwnTests.swift", "Other.swift"), ("Own.swift", "OtherTests.swift"), ("A.swift", "B.swift")] {
      XCTAssertEqual(findings([names.0: own, names.1: other]), ["\(names.0):4 missing_assertion"], "\(names)")
    }
    // Declared twice, neither a test case.
    let plain = "import XCTest\nclass Shared: NSObject {}\n"
    XCTAssertEqual(findings(["Own.swift": own, "Other.swift": plain]), [])
  }
}
