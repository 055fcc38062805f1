import XCTest

@testable import TestLintCore

/// What pass 1 learns across files: the class hierarchy and the asserting helpers, kept as
/// `NameKey`s, the same whatever order the files come in.
final class RunFactsTests: XCTestCase {
  /// A file's declarations as `ResultCache.declarations` makes them: it refers to its classes'
  /// superclasses and to the types it extends.
  private func declarations(
    classes: [(String, String)] = [], extensions: [String] = [], helpers: [(String, Bool, [String])] = []
  ) -> ResultCache.Declarations {
    ResultCache.Declarations(
      classes: classes.map { ResultCache.Pair(name: $0.0, superclass: $0.1) },
      helpers: helpers.map { HelperSummary(name: $0.0, asserts: $0.1, callees: $0.2) },
      typeReferences: Array(Set(classes.map(\.1) + extensions)).sorted(), calledNames: [])
  }

  private var files: [ResultCache.Declarations] {
    [
      declarations(helpers: [("checkAll", false, ["verifyThing", "log"])]),
      declarations(helpers: [("verifyThing", false, ["expectEqual"])]),
      declarations(
        classes: [("BaseTests", "XCTestCase")],
        helpers: [("expectEqual", true, []), ("log", false, ["print"])]),
      declarations(classes: [("LoginTests", "BaseTests"), ("Other", "NSObject")]),
    ]
  }

  func test_speculation_findsWhatTheHierarchyFinds() {
    // The one-class shortcut and the general path answer as the file's hierarchy does.
    let shapes: [[(String, String)]] = [
      [], [("FooTests", "XCTestCase")], [("FooTests", "BaseTests")], [("FooSpec", "QuickSpec")],
      [("QuickSpec", "XCTestCase")], [("XCTestCase", "NSObject")], [("Loop", "Loop")],
      [("BaseTests", "XCTestCase"), ("FooTests", "BaseTests")], [("A", "B"), ("B", "XCTestCase"), ("A", "C")],
    ]
    for classes in shapes {
      let file = declarations(classes: classes)
      var hierarchy = ClassHierarchy()
      hierarchy.add(file.classes)
      let expected = hierarchy.testCaseClasses(roots: ["XCTestCase"], specRoots: TestDiscovery.quickRoots)
      let discovery = Speculation(file, roots: ["XCTestCase"]).discovery
      XCTAssertEqual(
        [discovery.testCaseClasses, discovery.quickSpecClasses], [expected.testCases, expected.specs], "\(classes)")
    }
  }

  func test_knownFacts_leaveOutFinalClasses() {
    // A final class is no class's superclass: later files are told of the others only.
    let file = declarations(classes: [("BaseCase", "XCTestCase"), ("FooTests", "BaseCase"), ("BarSpec", "QuickSpec")])
    let known = KnownFacts()
    known.publish(Speculation(file, roots: ["XCTestCase"]), finalClasses: ["FooTests", "BarSpec"])
    let answers = known.answers(types: ["BaseCase", "FooTests", "BarSpec"], callees: [])
    XCTAssertEqual(answers.testCases, ["BaseCase"])
    XCTAssertEqual(answers.specs, [])
    known.publish(Speculation(file, roots: ["XCTestCase"]))
    let all = known.answers(types: ["BaseCase", "FooTests", "BarSpec"], callees: [])
    XCTAssertEqual(all.testCases, ["BaseCase", "FooTests"])
    XCTAssertEqual(all.specs, ["BarSpec"])
  }

  func test_settled_closesHelpersAndClassesWhateverTheOrder() {
    // The calls wait with the classes, in memory or in the temporary file.
    for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]] {
      let facts = RunFacts(waiting: FindingStore(memoryBytes: order[0] == 2 ? 0 : 1 << 20, chunkBytes: 64))
      for index in order { facts.add(files[index]) }
      let settled = facts.settled(roots: ["XCTestCase"])
      let asserting = ["checkAll", "verifyThing", "expectEqual", "log", "print"].filter(
        settled.assertingHelpers.contains)
      XCTAssertEqual(asserting, ["checkAll", "verifyThing", "expectEqual"], "order \(order)")
      // `LoginTests`, which no file inherits from or extends, is not kept: no answer needs it.
      XCTAssertEqual(settled.discovery.testCaseClasses, ["XCTestCase", "BaseTests"], "order \(order)")
      // The run's last call gives the same, and drops the facts.
      let last = facts.settled(roots: ["XCTestCase"], releasing: true)
      XCTAssertEqual(["checkAll", "verifyThing", "expectEqual", "log"].filter(last.assertingHelpers.contains), asserting)
      XCTAssertEqual(last.discovery.testCaseClasses, settled.discovery.testCaseClasses)
      XCTAssertFalse(facts.settled(roots: ["XCTestCase"]).assertingHelpers.contains("checkAll"))
    }
  }

  func test_settled_keepsTheClassesSomeFileRefersTo() {
    // Classes wait until the run settles; those that some file inherits from or extends are
    // taken in, whichever file comes first, with the chains above them.
    for memoryBytes in [1 << 20, 0] {
      for reversed in [false, true] {
        var files = [
          declarations(classes: [("FeatureTestCase", "BaseTestCase"), ("Unnamed", "BaseTestCase")]),
          declarations(classes: [("BaseTestCase", "XCTestCase"), ("LoginTests", "FeatureTestCase")]),
          declarations(classes: [("ÉcranTests", "BaseTestCase"), ("SpecBase", "QuickSpec")]),
          declarations(extensions: ["ÉcranTests", "SpecBase"]),
        ]
        if reversed { files.reverse() }
        let facts = RunFacts(waiting: FindingStore(memoryBytes: memoryBytes, chunkBytes: 32))
        for file in files { facts.add(file) }
        let settled = facts.settled(roots: ["XCTestCase"])
        let context = "memory \(memoryBytes), reversed \(reversed)"
        XCTAssertEqual(
          settled.discovery.testCaseClasses, ["XCTestCase", "BaseTestCase", "FeatureTestCase", "ÉcranTests"], context)
        XCTAssertEqual(settled.discovery.quickSpecClasses, TestDiscovery.quickRoots.union(["SpecBase"]), context)
        XCTAssertEqual(facts.settled(roots: ["XCTestCase"]).discovery.testCaseClasses, settled.discovery.testCaseClasses)
      }
    }
  }

  func test_settled_nameThatAssertsInOneFile_asserts() {
    let facts = RunFacts()
    facts.add(declarations(helpers: [("check", false, ["print"])]))
    facts.add(declarations(helpers: [("check", true, [])]))
    XCTAssertTrue(facts.settled(roots: ["XCTestCase"]).assertingHelpers.contains("check"))
  }

  func test_settled_sameNameWithOtherCalls_keepsBoth() {
    // A function added again with the same calls counts once; with other calls it counts.
    let facts = RunFacts()
    facts.add(declarations(helpers: [("check", false, ["print"])]))
    facts.add(declarations(helpers: [("check", false, ["print"])]))
    facts.add(declarations(helpers: [("check", false, ["verifyThing"])]))
    facts.add(declarations(helpers: [("verifyThing", true, [])]))
    XCTAssertTrue(facts.settled(roots: ["XCTestCase"]).assertingHelpers.contains("check"))
  }

  func test_settled_testNamedFunctions_countOnlyWhereSomeFileCallsThem() {
    // A function named `test...` can change an answer only as some file's callee: the uncalled
    // ones are never taken in, called ones are, through the chains they start.
    for memoryBytes in [4 << 20, 0] {
      let facts = RunFacts(waiting: FindingStore(memoryBytes: memoryBytes, chunkBytes: 64))
      facts.add(
        declarations(helpers: [
          ("test_uncalled_asserts", true, []), ("testShared", false, ["testInner"]), ("testLone", false, ["verifyAll"]),
        ]))
      facts.add(declarations(helpers: [("testInner", false, ["verifyAll"]), ("verifyAll", true, [])]))
      var caller = declarations(helpers: [("checkAll", false, ["testShared"])])
      caller.calledNames = ["testShared", "testInner", "verifyAll"]
      facts.add(caller)
      let settled = facts.settled(roots: ["XCTestCase"])
      let asserting = ["test_uncalled_asserts", "testShared", "testInner", "testLone", "checkAll", "verifyAll"].filter(
        settled.assertingHelpers.contains)
      XCTAssertEqual(asserting, ["testShared", "testInner", "checkAll", "verifyAll"], "memory \(memoryBytes)")
      // Settling again reads them again, and adds nothing twice.
      XCTAssertEqual(
        ["testShared", "testLone"].filter(facts.settled(roots: ["XCTestCase"]).assertingHelpers.contains), ["testShared"])
    }
  }

  func test_settled_ownClassDeclaredTwice_relintsOnlyTheFilesItsAnswerChanges() {
    // Two copies of a file extending its own test class agree; a third file declaring the name
    // as a test case changes the answer of the file that took its own as not one.
    let copy = declarations(classes: [("FooTests", "XCTestCase")], extensions: ["FooTests"])
    let plain = declarations(classes: [("FooTests", "NSObject")], extensions: ["FooTests"])
    let facts = RunFacts()
    facts.add(copy, ownTypes: [(NameKey("FooTests"), 1)], file: 0)
    facts.add(copy, ownTypes: [(NameKey("FooTests"), 1)], file: 1)
    XCTAssertEqual(facts.settled(roots: ["XCTestCase"]).ownTypesDeclaredElsewhere, [])
    facts.add(plain, ownTypes: [(NameKey("FooTests"), 0)], file: 2)
    XCTAssertEqual(facts.settled(roots: ["XCTestCase"]).ownTypesDeclaredElsewhere, [2])
  }

  func test_findingStore_forEachChunk_readsBackWhatWasKeptInOrder() throws {
    for memoryBytes in [1 << 20, 0] {
      let store = FindingStore(memoryBytes: memoryBytes, chunkBytes: 10)
      let kept: [[UInt8]] = [[1, 2, 3], [4, 5, 6, 7, 8, 9, 10], [11], Array(12...40), [41, 42]]
      for bytes in kept { _ = store.keep(bytes) }
      var read: [[UInt8]] = []
      XCTAssertTrue(store.forEachChunk { read.append(Array($0)) })
      XCTAssertEqual(read.flatMap { $0 }, Array(1...42), "memory \(memoryBytes)")
      // A run of bytes is never split between chunks.
      XCTAssertEqual(read.count, 4, "memory \(memoryBytes)")
      XCTAssertEqual(store.spilledBytes > 0, memoryBytes == 0)
    }
  }

  func test_settled_callCycle_endsWithoutAsserting() {
    let facts = RunFacts()
    facts.add(declarations(helpers: [("ping", false, ["pong"]), ("pong", false, ["ping"])]))
    XCTAssertFalse(facts.settled(roots: ["XCTestCase"]).assertingHelpers.contains("ping"))
  }

  func test_settled_numbersCalleesAndAnswersForThem() {
    let facts = RunFacts()
    let first = facts.add(declarations(), callees: [NameKey("checkAll"), NameKey("print")])
    let second = facts.add(files[0], callees: [NameKey("print"), NameKey("expectEqual")])
    for file in files.dropFirst() { facts.add(file) }
    let settled = facts.settled(roots: ["XCTestCase"])
    XCTAssertEqual(settled.withEntries(of: first) { Array($0) }, [0, 1])
    XCTAssertEqual(settled.withEntries(of: second) { Array($0) }, [1, 2])
    XCTAssertEqual(settled.assertingCallees, [true, false, true])
  }

  func test_unsettled_holdsUntilAnAnswerTurns() {
    let facts = RunFacts()
    // A file took `BaseTests` as neither a test case nor a spec, and `checkAll` as not asserting.
    let unsettled = facts.add(
      declarations(), types: [(NameKey("BaseTests"), 0)], callees: [NameKey("checkAll")])
    let quiet = facts.add(declarations(), types: [(NameKey("Other"), 0)])
    XCTAssertEqual(unsettled.count, 2)
    XCTAssertTrue(unsettled.holds(facts.settled(roots: ["XCTestCase"])))
    facts.add(files[2])  // BaseTests: XCTestCase
    XCTAssertFalse(unsettled.holds(facts.settled(roots: ["XCTestCase"])))
    XCTAssertTrue(quiet.holds(facts.settled(roots: ["XCTestCase"])))
    // The callee's entry alone (the type's is first).
    let onlyCallee = Speculation.Unsettled(start: unsettled.start + 1, count: 1)
    XCTAssertTrue(onlyCallee.holds(facts.settled(roots: ["XCTestCase"])))
    facts.add(files[0])
    facts.add(files[1])  // checkAll -> verifyThing -> expectEqual, which asserts
    XCTAssertFalse(onlyCallee.holds(facts.settled(roots: ["XCTestCase"])))
  }

  func test_unsettled_entriesTheTemporaryFileLost_doNotHold() {
    // Only types' entries, 100,000 of them (pages of 16,384): with no callee numbered, an entry
    // read back as the filler (0, a callee's number) once trapped.
    let facts = RunFacts(entryMemoryBytes: 0)
    let types = (0..<1_000).map { (NameKey("Base\($0)"), UInt8(0)) }
    let unsettled = (0..<100).map { _ in facts.add(declarations(), types: types) }
    let settled = facts.settled(roots: ["XCTestCase"], releasing: true)
    XCTAssertTrue(unsettled[99].holds(settled), "in a page in memory")
    settled.entries.closeFileForTesting()
    XCTAssertTrue(unsettled[99].holds(settled))
    XCTAssertFalse(unsettled[0].holds(settled), "in a page of the lost file")
    XCTAssertTrue(settled.entries.lostPages)
  }

  func test_nameKey_manySimilarNames_areDistinct() {
    // Names that differ by one byte, by order, or by length, as test names do.
    var names: [String] = []
    for index in 0..<20_000 { names.append("test_item\(index)_loads") }
    for index in 0..<20_000 { names.append("test_item\(index)_load") }
    names += ["ab", "ba", "a", "aa", "", "é", "ü", "checkÉtat"]
    XCTAssertEqual(Set(names.map(NameKey.init)).count, names.count)
    XCTAssertEqual(NameKey("verifyThing"), NameKey("verify" + "Thing"))
    // As `String` compares names: one accented letter in either spelling is one name.
    XCTAssertEqual(NameKey("check\u{E9}tat"), NameKey("checke\u{301}tat"))
  }

  func test_helperNames_answersForNamesAndKeys() {
    let names: HelperNames = ["assertValid"]
    XCTAssertTrue(names.contains("assertValid"))
    XCTAssertFalse(names.contains("assertvalid"))
    let keyed = HelperNames(keys: [NameKey("verifyAll")])
    XCTAssertTrue(keyed.contains("verifyAll"))
    XCTAssertFalse(keyed.contains("verify"))
  }

  func test_parallelForEach_callsEachIndexOnce() {
    for threads in [1, 2, 3] {
      let seen = PagedArray(count: 1000, filler: 0, memoryBytes: 1 << 20)
      Parallel.forEach(count: 1000, threads: threads) { index, worker in
        XCTAssertLessThan(worker, threads)
        seen[index] += 1
      }
      XCTAssertEqual((0..<1000).map { seen[$0] }, Array(repeating: 1, count: 1000), "threads \(threads)")
    }
  }
}
