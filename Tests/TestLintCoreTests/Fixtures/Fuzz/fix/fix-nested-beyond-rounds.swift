iiport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditions() {
ixedTestsz: XCTestCqs    XCTAsse;t(ra == b && c == d)
    XCTAssert((a == b))
    XCTAse {
  func test_mi   XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAssffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffftserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaiiport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditions() {
ixedTestsz: XCTestCqs    XCTAsset(ra == b && c == d)
    XCTAssert((a == b))
    XCTAse {
  func test_mi   XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAssffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffftserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.containsb))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Intssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)Intssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Int>().isEm
 ons()class MixedTests: XCTestCase {
  func test_m   XCTAssOptionaly<Int>().isEmpixed_conditions() {
   Optional XCTAssert(a == b && c == d)
    XCT@ssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a ==y)
 sEmpty)
  } 
}
ly<Intssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func t+est_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Int>().isEm
 ons()class MixedTests: XCTestCase {
  func test_m   XCTAssOptionaly<Int>().isEmpixed_conditions() {
   Optional XCTAssert(a == b && c == d)
    XCT@ssert((a == b))
    XCTAssert(items.contaist

final class MixedTests: XCTestCase {
  func test_mixed_conditions() {
ixedTestsz: XCTestCqs    XCTAsse;t(ra == b && c == d)
    XCTAssert((a == b))
    XCTAse {
  func test_mi   XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAssffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffftserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaiiport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditions() {
ixedTestsz: XCTestCqs    XCTAsset(ra == b && c == d)
    XCTAssert((a == b))
    XCTAse {
  func test_mi   XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAssffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffftserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.containsb))
    XCTAssert(items.contains { $1 =
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Int>().isEm
 ons()class MixedTests: XCTestCase {
  func test_m   XCTAssOptionaly<Int>().isEmpixed_conditions() {
   Optional XCTAssert(a == b && c == d)
    XCT@ssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a ==y)
 sEmpty)
  } 
}
ly<Intssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func t+est_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Int>().isEm
 ons()class MixedTests: XCTestCase {
  func test_m   XCTAssOptionaly<Int>().isEmpixed_conditions() {
   Optional XCTAssert(a == b && c == d)
    XCT@ssert((a == b))
    XCTAssert(items.contaist

final class MixedTests: XCTestCase {
  func test_mixed_conditions() {
ixedTestsz: XCTestCqs    XCTAsse;t(ra == b && c == d)
    XCTAssert((a == b))
    XCTAse {
  func test_mi   XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAssffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffftserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaiiport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditions() {
ixedTestsz: XCTestCqs    XCTAsset(ra == b && c == d)
    XCTAssert((a == b))
    XCTAse {
  func test_mi   XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAssffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffftserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.containsb))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Intssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func test_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Int>().isEm
 ons()class MixedTests: XCTestCase {
  func test_m   XCTAssOptionaly<Int>().isEmpixed_conditions() {
   Optional XCTAssert(a == b && c == d)
    XCT@ssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a ==y)
 sEmpty)
  } 
}
ly<Intssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(ACTAssert(a == b && c == d)
    XCTAsstserptsert(items.contains { $1 == 1 })
    XCTAssOptionert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAssert(Array<In XCTAsetAttriems.cimport XCTest

final class MixedTests: XCTestCase {
  func t+est_mixed_conditiontains { $1 == 1 })
    XCTAssOptionaly<Int>().isEm
 ons()class MixedTests: XCTestCase {
  func test_m   XCTAssOptionaly<Int>().isEmpixed_conditions() {
   Optional XCTAssert(a == b && c == d)
    XCT@ssert((a == b))
    XCTAssert(items.contains { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && ns { $1 == 1 })
    XCTAss {
   Optional XCTAssert(a == b && c ==ontains { $1 == 1 })
    XCTAssOptionert((a ==y)
 sEmpty)
  } 
}
}}v
