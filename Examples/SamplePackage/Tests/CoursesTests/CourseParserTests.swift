import Courses
import XCTest

final class CourseParserTests: XCTestCase {
  func test_validLine_returnsCourse() {
    XCTAssertEqual(
      CourseParser.course(from: "Swift;12"), Course(title: "Swift", lessonCount: 12))
  }

  func test_missingCount_returnsNil() {
    XCTAssertNil(CourseParser.course(from: "Swift;"))
  }

  func test_zeroLessons_isEmpty() {
    XCTAssertTrue(Course(title: "Draft", lessonCount: 0).isEmpty)
  }

  // Breaks the naming convention on purpose: testlint's build-tool plugin reports a
  // 'test_name_format' warning here, and the build still succeeds.
  func testLoadCourse() {
    XCTAssertEqual(CourseParser.course(from: "Go;3")?.title, "Go")
  }
}
