import TestLintCore
import XCTest

/// `test_file_name`: suggested names, which files are checked, and the subject beside the test.
final class TestFileNameRuleTests: XCTestCase {
  func test_classWithoutSuffix_getsSuggestedName() {
    let cases = [
      ("LoginTest", "LoginTests"), ("LoginCase", "LoginTests"), ("Login", "LoginTests"),
      ("LoginTestss", "LoginTestssTests"),
    ]
    for (name, suggested) in cases {
      let source =
        "import XCTest\nfinal class \(name): XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
      XCTAssertEqual(
        InMemoryLint.messages(TestFileNameRule.self, source, path: "\(name).swift"),
        [
          "name the test class after what it tests, with a suffix: '\(suggested)' instead of '\(name)'"
        ], name)
    }
  }

  /// A class named only a suffix says nothing of its subject: the file's name does, or else a
  /// placeholder; never the suffix glued on twice.
  func test_classNamedOnlyASuffix_getsTheFilesName() {
    let cases = [
      ("Tests", "KettleTests.swift", "KettleTests"), ("Tests", "Kettle.swift", "KettleTests"),
      ("Test", "KettleSpec.swift", "KettleSpec"), ("Tests", "Tests.swift", "<Subject>Tests"),
      ("Tests", "Kettle+Linux.swift", "<Subject>Tests"),
    ]
    for (name, file, suggested) in cases {
      let source =
        "import XCTest\nfinal class \(name): XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
      XCTAssertEqual(
        InMemoryLint.messages(TestFileNameRule.self, source, path: file).first,
        "name the test class after what it tests, with a suffix: '\(suggested)' instead of '\(name)'", file)
    }
  }

  func test_baseAndNestedClasses_keepTheirNames() {
    let base = "import XCTest\nclass BaseTestCase: XCTestCase {\n  func test_base_runs() { XCTFail() }\n}\n"
    let nested = """
      import XCTest
      enum Feature {
        final class Tests: XCTestCase {
          func test_a_b() { XCTFail() }
        }
      }
      """
    let findings = InMemoryLint.findings(
      TestFileNameRule.self, [("BaseTestCase.swift", base), ("FeatureTests.swift", nested)])
    XCTAssertEqual(findings.map(\.message), [])
    XCTAssertEqual(
      InMemoryLint.messages(TestFileNameRule.self, nested, path: "Feature.swift"),
      ["rename 'Feature.swift' to 'FeatureTests.swift' after the test class it holds"])
  }

  /// A subclass that runs a test class's tests again makes its file one of two test classes,
  /// whatever its own name, when the test class is declared in the same file; a lone subclass
  /// of a test class declared elsewhere changes nothing.
  func test_subclassRunningInheritedTests_countsAsASecondTestClass() {
    let base = """
      import XCTest
      class KettleBoilsTests: XCTestCase {
        var litres: Double { 1 }
        func test_kettle_boils() { XCTAssertTrue(Kettle(litres: litres).boils) }
      }
      """
    let variants = """
      final class KettleBoilsTestsHalfFull: KettleBoilsTests {
        override var litres: Double { 0.5 }
      }
      final class KettleBoilsTestsFull: KettleBoilsTestsHalfFull {
        override var litres: Double { 1.7 }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(TestFileNameRule.self, variants + "\n" + base, path: "KettleTests.swift"), [])
    let findings = InMemoryLint.findings(
      TestFileNameRule.self, [("KettleTests.swift", base), ("KettleVariants.swift", variants)])
    XCTAssertEqual(
      findings.map(\.message),
      ["rename 'KettleTests.swift' to 'KettleBoilsTests.swift' after the test class it holds"])
  }

  /// A base class in a file named after the protocol declared above it (held-out set 20).
  func test_baseClassAfterItsProtocol_keepsTheFileName() {
    let source = """
      import XCTest
      protocol RoundTripTestCase: XCTestCase {
        func testRoundTrip() throws
      }
      class BaseRoundTripTestCase<Value>: XCTestCase, RoundTripTestCase {
        func testRoundTrip() throws { XCTFail() }
      }
      """
    XCTAssertEqual(InMemoryLint.messages(TestFileNameRule.self, source, path: "RoundTripTestCase.swift"), [])
    XCTAssertEqual(
      InMemoryLint.messages(TestFileNameRule.self, source, path: "RoundTrip.swift"),
      ["rename 'RoundTrip.swift' to 'BaseRoundTripTestCase.swift' after the test class it holds"])
  }

  func test_quickSpecWithoutSuffix_getsSpecSuggestion() {
    let source =
      "import Quick\nfinal class CartSpecs: QuickSpec {\n  override class func spec() {}\n}\n"
    XCTAssertEqual(
      InMemoryLint.messages(TestFileNameRule.self, source, path: "CartSpecs.swift"),
      ["name the test class after what it tests, with a suffix: 'CartSpec' instead of 'CartSpecs'"])
  }

  func test_fileNamedOtherwise_isToldTheName() {
    let source =
      "import XCTest\nfinal class LoginTests: XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
    XCTAssertEqual(
      InMemoryLint.messages(TestFileNameRule.self, source, path: "Tests/Auth/SignInTests.swift"),
      ["rename 'SignInTests.swift' to 'LoginTests.swift' after the test class it holds"])
  }

  func test_templatesAndExtensionsOnly_areNotChecked() {
    let template =
      "import XCTest\nclass ___FILEBASENAMEASIDENTIFIER___: XCTestCase {\n  func testA() {}\n}\n"
    let extensionOnly =
      "import XCTest\nextension LoginTests {\n  func test_a_b() { XCTFail() }\n}\n"
    let findings = InMemoryLint.findings(
      TestFileNameRule.self,
      [
        ("___FILEBASENAME___.swift", template), ("LoginTests+Errors.swift", extensionOnly),
        ("LoginTests.swift", "import XCTest\nclass LoginTests: XCTestCase {}\n"),
      ])
    XCTAssertEqual(findings.map(\.message), [])
  }

  /// A generator names the classes it writes and their files: a file whose header comment says
  /// it is generated, or named `*.generated.swift`, is not checked; a comment right above the
  /// class or further down that speaks of generated code does not make the file generated.
  func test_generatedFiles_areNotChecked() {
    let body = "final class OrbitScenario: XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
    let headers = [
      "// Auto-generated by scenario-gen. Do not edit.\n",
      "/*\n  Written by ScenarioKit 2.1\n\n  DO NOT EDIT\n*/\n",
      "// Generated using Stencil templates\n",
      "// This code is autogenerated\n",
    ]
    for header in headers {
      XCTAssertEqual(
        InMemoryLint.messages(TestFileNameRule.self, header + "import XCTest\n" + body, path: "Orbit.swift"),
        [], header)
    }
    XCTAssertEqual(
      InMemoryLint.messages(
        TestFileNameRule.self, "import XCTest\n" + body, path: "Steps/Orbit.generated.swift"),
      [])
    let above = "import XCTest\n\n// Generated by orbit-gen once, kept by hand since.\n" + body
    let later =
      "import XCTest\nfinal class OrbitScenario: XCTestCase {\n  // the code generated by the planner\n"
      + "  func test_a_b() { XCTFail() }\n}\n"
    for source in [above, later] {
      XCTAssertEqual(
        InMemoryLint.messages(TestFileNameRule.self, source, path: "Orbit.swift"),
        ["name the test class after what it tests, with a suffix: 'OrbitScenarioTests' instead of 'OrbitScenario'"],
        source)
    }
  }

  func test_folderPrefixedClass_matchesItsFile() {
    let source =
      "import XCTest\nfinal class iOS16_BasicsTests: XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
    XCTAssertEqual(
      InMemoryLint.messages(
        TestFileNameRule.self, source, path: "UITests/iOS 16/BasicsTests.swift"), [])
    XCTAssertEqual(
      InMemoryLint.messages(
        TestFileNameRule.self, source, path: "UITests/iOS 17/BasicsTests.swift"),
      ["rename 'BasicsTests.swift' to 'iOS16_BasicsTests.swift' after the test class it holds"])
  }

  func test_splitTestClass_keepsSuffixBeforeAspect() {
    let source =
      "import XCTest\nfinal class StoreTests_Errors: XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
    let findings = InMemoryLint.findings(
      TestFileNameRule.self, [("App/StoreTests+Errors.swift", source), ("App/Store.swift", "")],
      options: ["require_subject_beside": .bool(true)])
    XCTAssertEqual(findings.map(\.message), [])
  }

  func test_subjectBeside_isLookedUpInTheRun() {
    let test =
      "import XCTest\nfinal class LoginViewModelTests: XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
    let options: [String: OptionValue] = ["require_subject_beside": .bool(true)]
    let beside = InMemoryLint.findings(
      TestFileNameRule.self,
      [("App/Login/LoginViewModelTests.swift", test), ("App/Login/LoginViewModel.swift", "")],
      options: options)
    XCTAssertEqual(beside.map(\.message), [])
    let elsewhere = InMemoryLint.findings(
      TestFileNameRule.self,
      [("Tests/LoginViewModelTests.swift", test), ("App/Login/LoginViewModel.swift", "")],
      options: options)
    XCTAssertEqual(
      elsewhere.map(\.message),
      [
        "no 'LoginViewModel.swift' beside 'LoginViewModelTests.swift'; keep the test file in the folder of the class it tests"
      ])
  }

  func test_extensionFileName_namesItsSubjectFile() {
    let test =
      "import XCTest\nfinal class UIColorBrandTests: XCTestCase {\n  func test_a_b() { XCTFail() }\n}\n"
    let findings = InMemoryLint.findings(
      TestFileNameRule.self,
      [("UI/UIColor+BrandTests.swift", test), ("UI/UIColor+Brand.swift", "")],
      options: ["require_subject_beside": .bool(true)])
    XCTAssertEqual(findings.map(\.message), [])
  }
}
