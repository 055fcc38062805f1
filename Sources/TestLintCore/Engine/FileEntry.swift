#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file to lint: where to read it and how to print its path.
public struct FileEntry: Sendable, Hashable {
  /// The path to open.
  public var path: String {
    get {
      switch location {
      case .display: displayPath
      case .under(let folder): folder + displayPath
      case .other(let path): path
      }
    }
    set { location = newValue == displayPath ? .display : .other(newValue) }
  }
  /// The path reporters print: relative to the working directory when inside it.
  public var displayPath: String {
    didSet {
      // The path to open stays what it was.
      switch location {
      case .display: location = .other(oldValue)
      case .under(let folder): location = .other(folder + oldValue)
      case .other: break
      }
    }
  }
  /// Size and modification time as the walk saw them (for the result cache), if known.
  public var stamp: FileStamp?
  /// Where `path` is: the walk's files inside the working directory keep one string for both
  /// paths, their folder's text shared by all (a large tree's paths are the most of what a run
  /// holds for each file).
  private var location: Location

  private enum Location: Sendable {
    /// The display path is the path.
    case display
    /// The path is this folder's text (ending in `/`, one string for every entry) followed by
    /// the display path.
    case under(String)
    /// Another path.
    case other(String)
  }

  /// The text the path is the display path after: a folder shared by the walk's entries, or
  /// nothing when the path is the display path; nil for another path.
  var folder: String? {
    switch location {
    case .under(let folder): folder
    case .display: ""
    case .other: nil
    }
  }

  /// A string whose last component is the file's name: the display path unless the path is
  /// another string (no path is put together for it).
  var nameSource: String {
    if case .other(let path) = location { return path }
    return displayPath
  }

  /// Creates an entry.
  public init(path: String, displayPath: String, stamp: FileStamp? = nil) {
    self.displayPath = displayPath
    self.stamp = stamp
    location = path == displayPath ? .display : .other(path)
  }

  /// An entry whose path is `folder` (ending in `/`) followed by `displayPath`; `folder` is
  /// shared, not copied, by the entries given the same string.
  init(folder: String, displayPath: String, stamp: FileStamp?) {
    self.displayPath = displayPath
    self.stamp = stamp
    location = .under(folder)
  }

  public static func == (lhs: FileEntry, rhs: FileEntry) -> Bool {
    lhs.displayPath == rhs.displayPath && lhs.stamp == rhs.stamp && lhs.path == rhs.path
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(displayPath)
    hasher.combine(stamp)
  }
}

/// A file's size and modification time: when both are unchanged, the content is taken as
/// unchanged without reading it (as make, git and Ruff do).
public struct FileStamp: Sendable, Hashable, BitwiseCopyable {
  /// Size in bytes.
  public var size: Int
  /// Modification time, nanoseconds since the epoch.
  public var modified: Int

  /// Creates a stamp.
  public init(size: Int, modified: Int) {
    self.size = size
    self.modified = modified
  }
}
