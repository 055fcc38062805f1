/// A course in a catalogue.
public struct Course: Equatable, Sendable {
  /// The course's title.
  public var title: String
  /// How many lessons it has.
  public var lessonCount: Int

  /// Creates a course.
  public init(title: String, lessonCount: Int) {
    self.title = title
    self.lessonCount = lessonCount
  }

  /// Whether the course has anything to take.
  public var isEmpty: Bool { lessonCount == 0 }
}

/// Parses `title;lessons` lines into courses.
public enum CourseParser {
  /// The course on `line`, or nil when it is malformed.
  public static func course(from line: String) -> Course? {
    let parts = line.split(separator: ";", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, let count = Int(parts[1]), count >= 0 else {
      return nil
    }
    return Course(title: String(parts[0]), lessonCount: count)
  }
}
