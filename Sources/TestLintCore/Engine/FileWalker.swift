#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The only place (with the CLI) that touches the file system: finds `.swift` files under the
/// given paths and reads them.
///
/// `collect` is the first stage of a run (`LintRun` lists them all), called by the CLI before
/// the engine's: it reads the paths, globs and folders given (their listings; a `stat` only
/// where the result cache wants stamps or a listing gives no type) and writes the files found,
/// packed and sorted (`FileList`), with what could not be opened. The later stages read the
/// files through `contents(of:)` (FileWalker+Reading.swift).
public enum FileWalker {
  /// Finds the `.swift` files under `paths`, in sorted order.
  ///
  /// Directories are walked without following symbolic links to directories (no loops) and
  /// without entering hidden folders (`.build`, `.git`). `filter` receives each file's path and
  /// decides (the configuration's `included` / `excluded`); `isExplicit` is true for a file
  /// named on the command line.
  ///
  /// With `stamps` false the entries carry no `FileStamp` (only the result cache wants them):
  /// a folder's listing then tells files and folders apart (its entries' types) and a file
  /// found in a folder costs no system call; only a symbolic link, or an entry whose type the
  /// file system does not give, is looked up.
  ///
  /// With `threads` above 1, one folder named alone is listed on that many threads
  /// (`listInParallel`), with the same result.
  public static func collect(
    _ paths: [String], workingDirectory: String, stamps: Bool = true, threads: Int = 1,
    parallelLimit: Int = FileWalker.parallelLimit, filter: (_ path: String, _ isExplicit: Bool) -> Bool
  ) -> (files: FileList, errors: [Diagnostic]) {
    // Packed as found: no string kept for each file, even while walking.
    var files = FileList()
    var errors: [Diagnostic] = []
    // A file named twice, or a path whose text equals another's in other code points, is
    // taken once (the first found). Under one path walked, the latter needs a name that is not
    // ASCII: until one is listed, the paths are only kept, not hashed.
    var seen: Set<String>? = paths.count > 1 ? [] : nil
    var unhashed: [String] = []
    let relativeTo = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    let relativeCount = relativeTo.count
    func display(_ absolute: String) -> String {
      absolute == workingDirectory ? "."
        : absolute.hasPrefix(relativeTo) ? String(absolute.dropFirst(relativeCount)) : absolute
    }
    func isNew(_ path: String) -> Bool {
      guard seen != nil else {
        unhashed.append(path)
        return true
      }
      return seen!.insert(path).inserted
    }
    // One folder (the usual run) whose files' display paths all start alike: on more threads
    // listed on all of them and its list sorted after (`listInParallel`), up to a limit; on
    // one thread, or beyond that limit, walked in its paths' order, its list written to pages
    // as it comes (`walkInOrder`). Threads listing ahead of the walk in order were no faster
    // and their own heaps took more memory (18,440 files in 5,593 folders: 0.99 s and 29.5 MB
    // against 0.98 s and 24.5 MB).
    var parallel: [FoundFiles]?
    if paths.count == 1, let given = paths.first {
      let absolute = absolutePath(given, workingDirectory: workingDirectory)
      let folder = absolute.hasSuffix("/") ? absolute : absolute + "/"
      var info = stat()
      let isFolder = stat(absolute, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      if isFolder, threads > 1 {
        parallel = listInParallel(absolute, stamps: stamps, threads: threads, limit: parallelLimit)
      }
      if isFolder, parallel == nil, !folder.utf8.contains(where: { $0 >= 0x80 }),
        folder.hasPrefix(relativeTo) || !relativeTo.hasPrefix(folder)
      {
        var list = FileList.InOrder()
        var walkErrors: [Diagnostic] = []
        let walked = walkInOrder(absolute, stamps: stamps, errors: &walkErrors, display: display) { child, stamp in
          guard filter(child, false) else { return }
          list.append(entry(child, displayPath: display(child), folder: relativeTo, stamp: stamp))
        }
        if walked { return (list.finish(), walkErrors) }
      }
    }
    for given in paths {
      let absolute = absolutePath(given, workingDirectory: workingDirectory)
      var info = stat()
      guard stat(absolute, &info) == 0 else {
        errors.append(Diagnostic(path: given, message: "cannot open: \(errorText())"))
        continue
      }
      if (info.st_mode & S_IFMT) != S_IFDIR {
        if isNew(absolute), filter(absolute, true) {
          files.append(
            entry(absolute, displayPath: display(absolute), folder: relativeTo, stamp: stamps ? stamp(info) : nil))
        }
        continue
      }
      if var found = parallel {
        parallel = nil
        files.reserveCapacity(
          entries: found.reduce(0) { $0 + $1.count },
          bytes: found.reduce(0) { $0 + $1.pathBytes(displayed: display) }, stamped: stamps)
        // Each thread's files let go once added.
        while let part = found.popLast() {
          part.forEach { child, stamp in
            guard filter(child, false) else { return }
            files.append(entry(child, displayPath: display(child), folder: relativeTo, stamp: stamp))
          }
        }
        continue
      }
      var stack = [absolute]
      while let directory = stack.popLast() {
        guard let listing = list(directory, stamps: stamps) else {
          errors.append(
            Diagnostic(path: display(directory), message: "cannot open directory: \(errorText())"))
          continue
        }
        if seen == nil, listing.notASCII {
          seen = Set(unhashed)
          unhashed = []
        }
        for name in listing.notUTF8 {
          let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
          errors.append(Diagnostic(path: display(child), message: "cannot open: its name is not valid UTF-8"))
        }
        for (name, found) in listing.children.sorted(by: { $0.name > $1.name }) {
          let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
          switch found {
          case .folder: stack.append(child)
          case .file(let stamp):
            if isNew(child), filter(child, false) {
              files.append(entry(child, displayPath: display(child), folder: relativeTo, stamp: stamp))
            }
          case .skipped: break
          }
        }
      }
    }
    // A large list waits in pages (`FileList.pagedOut`).
    files = files.sortedByDisplayPath(pagingThreshold: FileList.pagingThreshold)
    files.trim()
    return (files, errors)
  }

  /// Gives `found` the `.swift` files under the folder `root` (with their stamps when asked
  /// for), found as `collect` finds them, in the order of their paths' bytes: a folder's
  /// entries in the order of their names, a folder's name taken as ending in `/` (as its files'
  /// paths do there), the files under each folder given before its next entry. Nothing is
  /// sorted after, nor held: the walk holds the folders it is in (one thread, 4x tree of 95,911
  /// files: peak 20.4 MB against 27.1 MB when its list was sorted after, as fast).
  ///
  /// False, after giving some files perhaps, when a name is not ASCII (nor then UTF-8, maybe),
  /// whose order as text is not its bytes': `collect` then walks the tree again as before (what
  /// was walked is dropped; such names are rare in test trees).
  static func walkInOrder(
    _ root: String, stamps: Bool, errors: inout [Diagnostic], display: (String) -> String,
    found: (_ path: String, _ stamp: FileStamp?) -> Void
  ) -> Bool {
    struct Folder {
      let path: String
      let children: [(name: String, found: Found)]
      var next = 0
    }
    var folders: [Folder] = []
    // Lists `folder` onto the stack; false for a name that is not ASCII.
    func enter(_ folder: String) -> Bool {
      guard let listing = list(folder, stamps: stamps) else {
        errors.append(Diagnostic(path: display(folder), message: "cannot open directory: \(errorText())"))
        return true
      }
      guard !listing.notASCII else { return false }
      // By their names' bytes, a folder's name followed by `/`: for ASCII names, `<` of the
      // strings (and fast).
      var keyed = listing.children.map { child in (key: child.found == .folder ? child.name + "/" : child.name, child) }
      keyed.sort { $0.key < $1.key }
      folders.append(Folder(path: folder, children: keyed.map(\.1)))
      return true
    }
    guard enter(root) else { return false }
    while let top = folders.indices.last {
      guard folders[top].next < folders[top].children.count else {
        folders.removeLast()
        continue
      }
      let (name, kind) = folders[top].children[folders[top].next]
      folders[top].next += 1
      let folder = folders[top].path
      let child = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      switch kind {
      case .folder: guard enter(child) else { return false }
      case .file(let stamp): found(child, stamp)
      case .skipped: break
      }
    }
    return true
  }

  /// The `.swift` files under the folder `root` (paths, in no particular order, with their
  /// stamps when asked for), found as `collect` finds them but listed on `threads` threads.
  ///
  /// A tree of thousands of folders is mostly system calls (open, stat, list and close each
  /// folder), made while the workers have nothing to do yet: on four copies of real projects'
  /// test folders (5,593 folders, 18,440 files) the walk was 6-7% of a run, with one core idle.
  ///
  /// Nil when the walk meets what `collect` reports or words with care: a folder that cannot
  /// be opened, or a name (of a folder, or of a `.swift` file) that is not ASCII, which may not
  /// be UTF-8 or may equal another name in other code points; or more than `limit` entries.
  /// `collect` then walks the tree on one thread (`walkInOrder`, else as it walks every tree
  /// named with others).
  static func listInParallel(
    _ root: String, stamps: Bool, threads: Int, limit: Int = parallelLimit
  ) -> [FoundFiles]? {
    struct Walk {
      /// Folders found and not yet listed.
      var folders: [String]
      /// Folders being listed.
      var busy = 0
      /// Entries listed.
      var found = 0
      var failed = false
    }
    enum Step {
      case list(String)
      case wait
      case done
    }
    let walk = Locked(Walk(folders: [root]))
    let parts = Parallel.map(count: threads, threads: threads) { _ -> FoundFiles in
      var found = FoundFiles()
      while true {
        let step = walk.withLock { walk -> Step in
          if walk.failed { return .done }
          if let folder = walk.folders.popLast() {
            walk.busy += 1
            return .list(folder)
          }
          return walk.busy == 0 ? .done : .wait
        }
        switch step {
        case .done:
          return found
        case .wait:
          sched_yield()
        case .list(let folder):
          var folders: [String] = []
          let listing = list(folder, stamps: stamps)
          var listed = false
          for (name, kind) in listing?.children ?? [] {
            switch kind {
            case .folder: folders.append(folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            case .file(let stamp):
              if !listed {
                found.startFolder(folder.hasSuffix("/") ? folder : folder + "/")
                listed = true
              }
              found.add(name, stamp: stamp)
            case .skipped: break
            }
          }
          walk.withLock { walk in
            walk.busy -= 1
            walk.found += listing?.children.count ?? 0
            // A name that is not UTF-8 is not ASCII either.
            if let listing, !listing.notASCII, walk.found <= limit { walk.folders += folders } else { walk.failed = true }
          }
        }
      }
    }
    return walk.withLock { $0.failed } ? nil : parts
  }

  /// The entries beyond which `listInParallel` leaves the tree to `walkInOrder`: the parallel
  /// walk holds every path found until the list is sorted (about 85 bytes a file, 8.5 MB at
  /// this limit: less than the rest of a run of that size holds, so never its peak).
  public static let parallelLimit = 100_000

  /// The files one thread of `listInParallel` found: each folder's path once, and each file's
  /// name after it, back to back in one buffer (a string for every path of a large tree was
  /// most of the walk's memory, held until the run ended in memory no later thread reused).
  struct FoundFiles {
    /// The folders the files are in, each ending in `/`.
    fileprivate(set) var folders: [String] = []
    /// The first file of each folder (a folder's files are added one after the other).
    private var firstFiles: [Int] = []
    /// The names, back to back.
    private var names: [UInt8] = []
    /// Where each file's name ends in `names`.
    private var ends: [Int] = []
    /// Each file's stamp; none at all while every file's is nil (a walk without stamps).
    private var stamps: [FileStamp?] = []

    /// How many files.
    var count: Int { ends.count }

    /// Bytes of the files' paths as `display` shows a folder's (relative to the working
    /// directory, or whole when outside it).
    func pathBytes(displayed display: (String) -> String) -> Int {
      var total = names.count
      for (folder, first) in firstFiles.enumerated() {
        let files = (folder + 1 < firstFiles.count ? firstFiles[folder + 1] : ends.count) - first
        total += files * display(folders[folder]).utf8.count
      }
      return total
    }

    /// Starts the files of `folder` (ending in `/`).
    fileprivate mutating func startFolder(_ folder: String) {
      folders.append(folder)
      firstFiles.append(ends.count)
    }

    /// Adds a file of the last folder started.
    fileprivate mutating func add(_ name: String, stamp: FileStamp?) {
      names.append(contentsOf: name.utf8)
      ends.append(names.count)
      if stamp != nil || !stamps.isEmpty {
        stamps.append(contentsOf: repeatElement(nil, count: ends.count - 1 - stamps.count))
        stamps.append(stamp)
      }
    }

    /// Calls `body` with each file's path and stamp.
    func forEach(_ body: (String, FileStamp?) -> Void) {
      var start = 0
      names.withUnsafeBufferPointer { names in
        for (folder, first) in firstFiles.enumerated() {
          let last = folder + 1 < firstFiles.count ? firstFiles[folder + 1] : ends.count
          for index in first..<last {
            let name = String(decoding: UnsafeBufferPointer(rebasing: names[start..<ends[index]]), as: UTF8.self)
            body(folders[folder] + name, index < stamps.count ? stamps[index] : nil)
            start = ends[index]
          }
        }
      }
    }
  }

  /// One folder's entries as the walk takes them: the names that are not hidden, of folders,
  /// of entries whose type the listing does not give, or ending in `.swift`, each as text with
  /// what it is (`look(at:)`); the names of those that are not UTF-8, repaired; and whether a
  /// name is not ASCII. Nil when the folder cannot be opened (`errno` says why).
  struct Listing {
    var children: [(name: String, found: Found)] = []
    var notUTF8: [String] = []
    var notASCII = false
  }

  /// Lists one folder (`Listing`).
  static func list(_ folder: String, stamps: Bool) -> Listing? {
    guard let handle = opendir(folder) else { return nil }
    defer { closedir(handle) }
    let descriptor = dirfd(handle)
    var listing = Listing()
    while let entry = readdir(handle) {
      let type = entry.pointee.d_type
      let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
      // Hidden (a `.` and then ASCII: one character), or a file, link or other entry not
      // named `.swift`: nothing to look at.
      if name[0] == dot, UInt8(bitPattern: name[1]) < 0x80 { continue }
      if type != directoryType, type != unknownType, !hasSwiftSuffix(name) { continue }
      // Paths are text from here on: a name that is not UTF-8 could not be opened again.
      if let text = String(validatingCString: name) {
        if name[0] == dot, text.hasPrefix(".") { continue }
        if !listing.notASCII, text.utf8.contains(where: { $0 >= 0x80 }) { listing.notASCII = true }
        listing.children.append((text, look(at: text, type: type, in: descriptor, stamps: stamps)))
        continue
      }
      let repaired = String(cString: name)
      if repaired.hasPrefix(".") { continue }
      listing.notASCII = true
      if repaired.hasSuffix(".swift") || type == directoryType { listing.notUTF8.append(repaired) }
    }
    return listing
  }

  /// What the walk makes of a folder's entry.
  enum Found: Equatable {
    /// A folder to walk (not a link to one).
    case folder
    /// A `.swift` file to lint (a regular file, or a link to one), with its stamp when asked
    /// for (a link's is its target's).
    case file(FileStamp?)
    /// Anything else, or an entry that vanished.
    case skipped
  }

  /// What the entry `name` of the open folder `folder` is, given the type its listing gave
  /// (`DT_UNKNOWN` when the file system gives none): a folder, or a regular file, is taken
  /// as listed, with no system call unless its stamp is wanted; a link, or an entry of
  /// unknown type, is looked up (`fstatat`, relative to the folder: no path to resolve).
  static func look(at name: String, type: UInt8, in folder: Int32, stamps: Bool) -> Found {
    if type == directoryType { return .folder }
    guard name.hasSuffix(".swift") || type == unknownType else { return .skipped }
    if type == fileType, !stamps { return .file(nil) }
    guard type == unknownType || type == linkType || type == fileType else { return .skipped }
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .skipped }
    let found = info.st_mode & S_IFMT
    if found == S_IFDIR { return .folder }
    guard name.hasSuffix(".swift") else { return .skipped }
    if found == S_IFLNK {
      guard fstatat(folder, name, &info, 0) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .skipped }
    } else if found != S_IFREG {
      return .skipped
    }
    return .file(stamps ? stamp(info) : nil)
  }

  private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
  private static let dot = CChar(UInt8(ascii: "."))
  private static let directoryType = UInt8(DT_DIR)
  private static let fileType = UInt8(DT_REG)
  private static let linkType = UInt8(DT_LNK)
  private static let unknownType = UInt8(DT_UNKNOWN)

  /// Whether a C string ends in `.swift`, byte for byte: a name `hasSuffix(".swift")` accepts
  /// always does.
  private static func hasSwiftSuffix(_ name: UnsafePointer<CChar>) -> Bool {
    let count = strlen(name)
    guard count >= 6 else { return false }
    return memcmp(name + (count - 6), ".swift", 6) == 0
  }
}
