import TestLintCore
import XCTest

/// `missing_assertion` and the mocking libraries' verifications: a test that verifies a mock
/// through a library its file imports checks an outcome; the same call names without the
/// import are someone else's functions.
final class MockVerificationTests: XCTestCase {
  /// The names of the tests `missing_assertion` reports in `members`, in a class of a file
  /// with these imports.
  private func reported(imports: [String], _ members: String) -> [String] {
    let source =
      imports.map { "import \($0)\n" }.joined()
      + "\nfinal class SampleTests: XCTestCase {\n" + members + "\n}\n"
    return RuleLinting.findings(MissingAssertionRule.self, source).compactMap {
      $0.test?.split(separator: ".").last.map(String.init)
    }
  }

  func test_cuckoo_verifyChainsAndNoMoreInteractions_assert() {
    let members = """
        func test_load_fetchesBlocks() {
          sut.load()
          verify(api).fetchBlocks(any())
        }
        func test_save_twice() {
          sut.save(); sut.save()
          verify(store, times(2)).save(any())
        }
        func test_cancel_neverSaves() {
          sut.cancel()
          verify(store, never())
            .save(any())
        }
        func test_idle_touchesNothing() {
          sut.idle()
          verifyNoMoreInteractions(store)
        }
        func test_table_reloads() {
          objcVerify(table.reloadData())
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "Cuckoo"], members), [])
    XCTAssertEqual(
      reported(imports: ["XCTest"], members),
      ["test_load_fetchesBlocks", "test_save_twice", "test_cancel_neverSaves", "test_idle_touchesNothing",
       "test_table_reloads"])
  }

  func test_swiftMock_verifyChains_assertOnlyWithItsImport() {
    let members = """
        func test_stop_pausesOnce() {
          sut.stop()
          verify(engine).pause()
        }
        func test_skip_rewindsAtLeastTwice() {
          sut.skip(); sut.skip()
          verify(engine, times: atLeast(2))
            .rewind()
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "SwiftMock"], members), [])
    XCTAssertEqual(
      reported(imports: ["XCTest", "SwiftMockConfiguration"], members),
      ["test_stop_pausesOnce", "test_skip_rewindsAtLeastTwice"])
  }

  func test_verifyWithNothingChained_assertsNothing() {
    // `verify(mock)` alone builds the verification proxy and checks nothing.
    let members = """
        func test_load() {
          sut.load()
          _ = verify(api)
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "Cuckoo"], members), ["test_load"])
    XCTAssertEqual(reported(imports: ["XCTest", "Mockable"], members), ["test_load"])
  }

  func test_mockingbird_wasCalledInsideInOrder_asserts() {
    let members = """
        func test_fly() {
          bird.takeOff()
          verify(bird.fly()).wasCalled(exactly(2))
        }
        func test_land_never() {
          verify(bird.land()).wasNeverCalled()
        }
        func test_order() {
          inOrder(with: .noInvocationsAfter) {
            verify(bird.canFly).wasCalled()
            verify(bird.fly()).wasCalled()
          }
        }
        func test_overloaded() {
          verify(bird.fetchMessage())
            .returning(String.self)
            .wasCalled()
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "Mockingbird"], members), [])
    XCTAssertEqual(
      reported(imports: ["XCTest"], members), ["test_fly", "test_land_never", "test_order", "test_overloaded"])
  }

  func test_swiftyMocky_verifyFunctionAndMethod_assert() {
    let members = """
        func test_store() {
          sut.register()
          Verify(storage, .storeUser(name: .value("Jon"), surname: .any))
        }
        func test_store_thrice() {
          Verify(storage, 3, .storeUser(name: .any, surname: .any))
        }
        func test_store_method() {
          storage.verify(.storeUser(name: .any, surname: .any), count: .once)
        }
        func test_condition() {
          MockyAssert(storage.isEmpty, "stored")
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "SwiftyMocky"], members), [])
    XCTAssertEqual(reported(imports: ["XCTest", "SwiftyPrototype"], members), [])
    // `mock.verify(.member, count:)` is a generated mock's shape: it counts without the import
    // (test_generatedMockVerifyWithoutImport_asserts).
    XCTAssertEqual(
      reported(imports: ["XCTest"], members), ["test_store", "test_store_thrice", "test_condition"])
  }

  func test_generatedMockVerifyWithoutImport_asserts() {
    // SwiftyMocky's mocks generated into the team's own module: the file imports that module,
    // not SwiftyMocky.
    let members = """
        func test_note_setOnce() {
          sut.run()
          api.verify(.setNote(id: .any, body: .value("done")), count: .once)
        }
        func test_note_multiLine() {
          sut.run()
          api.verify(
            .createNote(id: .any),
            count: .never
          )
        }
        func test_note_noCount() {
          sut.run()
          api.verify(.setNote(id: .any, body: .any))
        }
        func test_note_valueArgument() {
          sut.run()
          checker.verify(report, count: 2)
        }
      """
    XCTAssertEqual(
      reported(imports: ["XCTest", "AppMocks"], members), ["test_note_noCount", "test_note_valueArgument"])
  }

  func test_mockableAndMockSwiftChains_assert() {
    let mockable = """
        func test_fetch() async {
          await sut.refresh()
          verify(service).fetch(for: .any).called(.once)
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "Mockable"], mockable), [])
    XCTAssertEqual(reported(imports: ["XCTest", "MockableTest"], mockable), [])
    XCTAssertEqual(reported(imports: ["XCTest", "Cuckoo"], mockable), [])
    XCTAssertEqual(reported(imports: ["XCTest"], mockable), ["test_fetch"])

    let mockSwift = """
        func test_hello() {
          _ = printer.sayHello(to: "you")
          then(userService).fetchUserName(of: .any()).called(times: 1)
        }
      """
    XCTAssertEqual(reported(imports: ["XCTest", "MockSwift"], mockSwift), [])
    // Without the import, `then(...)` is any function (a promise library's, say).
    XCTAssertEqual(reported(imports: ["XCTest", "Cuckoo"], mockSwift), ["test_hello"])
  }

  func test_chainWithoutItsFinalCall_verifiesNothing() {
    let members = """
        func test_bird_builderOnly() {
          verify(bird.fly()).returning(Bool.self)
        }
        func test_bird_returningThenCalled() {
          verify(bird.fly()).returning(Bool.self).wasCalled(exactly(2))
        }
        func test_service_builderOnly() {
          verify(service).fetch(for: .any)
        }
        func test_service_trailingClosureThenCalled() {
          verify(service).fetch { _ in true }.called(.once)
        }
      """
    XCTAssertEqual(
      reported(imports: ["XCTest", "Mockingbird"], members),
      ["test_bird_builderOnly", "test_service_builderOnly", "test_service_trailingClosureThenCalled"])
    // Mockable's chains end in `.called(...)`, not Mockingbird's `.wasCalled(...)`.
    XCTAssertEqual(
      reported(imports: ["XCTest", "Mockable"], members),
      ["test_bird_builderOnly", "test_bird_returningThenCalled", "test_service_builderOnly"])
    // Cuckoo's chained call verifies by itself.
    XCTAssertEqual(reported(imports: ["XCTest", "Cuckoo"], members), [])
  }

  func test_importedLibrary_otherNamesAndReceivers_doNotCount() {
    let members = """
        func test_receiverVerify() {
          validator.verify(input)
        }
        func test_stubOnly() {
          stub(api) { stub in when(stub.fetch()).thenReturn(1) }
          sut.load()
        }
      """
    // Cuckoo's `verify` is a free function: `validator.verify(input)` is not it; stubbing
    // checks nothing.
    XCTAssertEqual(
      reported(imports: ["XCTest", "Cuckoo"], members), ["test_receiverVerify", "test_stubOnly"])
  }

  func test_helperInOtherFile_verifyingThroughCuckoo_counts() {
    let helpers = """
      import XCTest
      import Cuckoo
      extension XCTestCase {
        func expectSaved(_ store: MockStore) {
          verify(store).save(any())
        }
      }
      """
    let tests = """
      import XCTest
      final class SaveTests: XCTestCase {
        func test_save() {
          sut.save()
          expectSaved(store)
        }
      }
      """
    let engine = LintEngine(
      rules: [
        ConfiguredRule(
          MissingAssertionRule.self, severity: .error,
          options: RuleOptions(defaultsOf: MissingAssertionRule.description))
      ],
      testBaseClasses: [], threads: 1)
    let files = ["Helpers.swift": helpers, "SaveTests.swift": tests]
    let result = engine.run(files.keys.sorted().map { FileEntry(path: $0, displayPath: $0) }) {
      Array(files[$0.path, default: ""].utf8)
    }
    XCTAssertEqual(result.findings.map(\.path), [])
  }
}
