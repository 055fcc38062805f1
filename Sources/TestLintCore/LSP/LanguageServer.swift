/// testlint's language server as a state machine: bytes in (framed JSON-RPC messages from the
/// client), framed messages out (responses, `publishDiagnostics`, logs). No I/O of its own but
/// the workspace's reads of files and `.lint.yml`; `LanguageServerLoop` connects it to stdio,
/// tests call it directly.
///
/// Diagnostics are published once per `receive` for every document that changed, so a burst of
/// `didChange` notifications read together is linted once.
public struct LanguageServer: Sendable {
  /// The lifecycle: requests are refused before `initialize` and after `shutdown`.
  public enum State: Sendable, Equatable {
    case uninitialized, running, shutDown
  }

  /// Where the lifecycle stands.
  public private(set) var state: State = .uninitialized
  /// The process exit code once `exit` arrived: 0 after `shutdown`, 1 otherwise.
  public private(set) var exitCode: Int32?
  /// The position encoding agreed at `initialize`.
  public private(set) var encoding: PositionEncoding = .utf16

  private var framer = MessageFramer()
  private var workspace: Workspace
  private var documents: [String: OpenDocument] = [:]
  /// Documents whose diagnostics must be published at the end of this `receive`.
  private var dirty: Set<String> = []
  /// `.lint.yml` files whose problems were published, by URI.
  private var configurationDiagnostics: Set<String> = []
  /// Set when every configuration is reloaded: problems not found again are cleared.
  private var configurationsReloaded = false
  private var clientWatchesFiles = false
  private var nextRequestID = 1
  private let log: @Sendable (String) -> Void
  /// Whether the diagnostics of saved documents are timed (`publishTimings`).
  public var tracesTiming = false
  /// With `tracesTiming`, the publishes of documents saved, among the last `receive`'s messages.
  public private(set) var publishTimings: [PublishTiming] = []
  /// With `tracesTiming`, the documents saved and not yet published, with the time spent
  /// updating the index.
  private var savedSincePublish: [String: UInt64] = [:]

  /// Creates a server. `log` receives lines for standard error (never standard output).
  public init(threads: Int = 2, log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.workspace = Workspace(folders: [], threads: threads)
    self.log = log
  }

  /// Reads bytes from the client and returns the framed messages to send back, in order.
  public mutating func receive<Bytes: Sequence>(_ bytes: Bytes) -> [[UInt8]]
  where Bytes.Element == UInt8 {
    framer.append(bytes)
    publishTimings = []
    var outgoing: [[UInt8]] = []
    // The timings of publishes count messages from the start of the bodies a step added.
    func added(_ bodies: [[UInt8]]) {
      for index in publishTimings.indices where publishTimings[index].message < 0 {
        publishTimings[index].message += outgoing.count + 1 << 32
      }
      outgoing.append(contentsOf: bodies)
    }
    while exitCode == nil, let frame = framer.next() {
      switch frame {
      case .badHeader(let problem):
        log("testlint lsp: bad message header: \(problem)")
        outgoing.append(
          LSPDiagnostics.body(
            JSONRPC.error(id: .null, code: .parseError, message: "bad message header: \(problem)")))
      case .body(let body):
        added(handle(body: body))
      }
    }
    added(publishChanged())
    return outgoing.map(MessageFramer.frame)
  }

  /// Handles one message body and returns the bodies of the messages it answers with
  /// (diagnostics of earlier changes first; those of this one wait for the end of `receive`).
  mutating func handle(body: [UInt8]) -> [[UInt8]] {
    var published: [[UInt8]] = []
    let replies = reply(to: body, published: &published)
    return published + replies.map(LSPDiagnostics.body)
  }

  /// The messages answering one message body; a request first publishes the diagnostics of
  /// earlier changes into `published`.
  private mutating func reply(to body: [UInt8], published: inout [[UInt8]]) -> [JSONValue] {
    let message: JSONValue
    do {
      message = try JSONValue.parse(body)
    } catch {
      log("testlint lsp: \(error.message)")
      return [JSONRPC.error(id: .null, code: .parseError, message: error.message)]
    }
    guard message.isObject else {
      return [
        JSONRPC.error(id: .null, code: .invalidRequest, message: "a message is a JSON object")
      ]
    }
    let id = message["id"]
    if let id, id.stringValue == nil, id.intValue == nil, id != .null {
      return [
        JSONRPC.error(id: .null, code: .invalidRequest, message: "'id' is a number or a string")
      ]
    }
    guard message["jsonrpc"]?.stringValue == "2.0" else {
      return [
        JSONRPC.error(id: id ?? .null, code: .invalidRequest, message: "'jsonrpc' must be \"2.0\"")
      ]
    }
    guard let method = message["method"]?.stringValue else {
      // A response to one of the server's requests (`client/registerCapability`): nothing to do.
      if id != nil, message["result"] != nil || message["error"] != nil { return [] }
      return [
        JSONRPC.error(id: id ?? .null, code: .invalidRequest, message: "a request needs a 'method'")
      ]
    }
    let params = message["params"] ?? .null
    if let id {
      // Diagnostics of earlier changes go out before the answer, which may depend on them.
      published = publishChanged()
      return request(id: id, method: method, params: params)
    }
    return notification(method: method, params: params)
  }
}

// MARK: - Requests

extension LanguageServer {
  private mutating func request(id: JSONValue, method: String, params: JSONValue) -> [JSONValue] {
    switch state {
    case .uninitialized where method != "initialize":
      return [
        JSONRPC.error(id: id, code: .serverNotInitialized, message: "the server is not initialized")
      ]
    case .shutDown:
      return [JSONRPC.error(id: id, code: .invalidRequest, message: "the server is shut down")]
    case .running where method == "initialize":
      return [
        JSONRPC.error(id: id, code: .invalidRequest, message: "the server is already initialized")
      ]
    default: break
    }
    switch method {
    case "initialize":
      return [JSONRPC.response(id: id, result: initialize(params))]
    case "shutdown":
      state = .shutDown
      return [JSONRPC.response(id: id, result: .null)]
    case "textDocument/codeAction":
      guard let uri = params["textDocument"]?["uri"]?.stringValue,
        let range = LSPDiagnostics.range(params["range"])
      else {
        return [
          JSONRPC.error(
            id: id, code: .invalidParams, message: "codeAction needs 'textDocument' and 'range'")
        ]
      }
      let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
      return [
        JSONRPC.response(
          id: id,
          result: .array(
            codeActions(
              uri: uri, lines: range.start.line...max(range.start.line, range.end.line), only: only)
          ))
      ]
    default:
      return [JSONRPC.error(id: id, code: .methodNotFound, message: "unknown method '\(method)'")]
    }
  }

  private mutating func initialize(_ params: JSONValue) -> JSONValue {
    state = .running
    encoding = PositionEncoding.negotiate(
      params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(
        \.stringValue))
    var folders = (params["workspaceFolders"]?.arrayValue ?? []).compactMap {
      $0["uri"]?.stringValue
    }
    .compactMap(DocumentURI.path)
    if folders.isEmpty {
      if let root = params["rootUri"]?.stringValue.flatMap(DocumentURI.path) {
        folders = [root]
      } else if let root = params["rootPath"]?.stringValue, root.hasPrefix("/") {
        folders = [FileWalker.absolutePath(root, workingDirectory: "/")]
      }
    }
    workspace.folders = folders
    clientWatchesFiles =
      params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?
      .boolValue == true
    log(
      "testlint lsp: \(ToolInfo.version), position encoding \(encoding.rawValue), folders: \(folders)"
    )
    return .object([
      (
        "capabilities",
        .object([
          ("positionEncoding", .string(encoding.rawValue)),
          (
            "textDocumentSync",
            .object([
              ("openClose", .bool(true)), ("change", .int(2)),
              ("save", .object([("includeText", .bool(false))])),
            ])
          ),
          (
            "codeActionProvider",
            .object([
              ("codeActionKinds", .array([.string("quickfix"), .string(CodeActions.fixAllKind)]))
            ])
          ),
          (
            "workspace",
            .object([
              (
                "workspaceFolders",
                .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])
              )
            ])
          ),
        ])
      ),
      (
        "serverInfo",
        .object([("name", .string(ToolInfo.name)), ("version", .string(ToolInfo.version))])
      ),
    ])
  }

  private mutating func codeActions(uri: String, lines: ClosedRange<Int>, only: [String]?)
    -> [JSONValue]
  {
    guard var open = documents[uri] else { return [] }
    let linted = open.linted ?? lint(open)
    open.linted = linted
    documents[uri] = open
    guard case .linted(let result) = linted else { return [] }
    return CodeActions.actions(
      for: result, document: open.document, lines: lines, only: only, encoding: encoding)
  }
}

// MARK: - Notifications

extension LanguageServer {
  private mutating func notification(method: String, params: JSONValue) -> [JSONValue] {
    if method == "exit" {
      exitCode = state == .shutDown ? 0 : 1
      return []
    }
    guard state == .running else { return [] }
    switch method {
    case "initialized":
      return registerWatchers()
    case "textDocument/didOpen":
      guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
        let text = item["text"]?.stringValue
      else { return invalid(method) }
      let document = TextDocument(
        uri: uri, languageID: item["languageId"]?.stringValue ?? "swift",
        version: item["version"]?.intValue,
        text: text)
      guard Self.isSwift(document) else { return [] }
      documents[uri] = OpenDocument(document: document, path: DocumentURI.path(uri))
      dirty.insert(uri)
    case "textDocument/didChange":
      guard let uri = params["textDocument"]?["uri"]?.stringValue, var open = documents[uri],
        let changes = params["contentChanges"]?.arrayValue
      else { return params["textDocument"]?["uri"] == nil ? invalid(method) : [] }
      for change in changes {
        guard let text = change["text"]?.stringValue else { return invalid(method) }
        if let range = LSPDiagnostics.range(change["range"]) {
          open.document.replace(from: range.start, to: range.end, with: text, encoding: encoding)
        } else {
          open.document.replaceAll(with: text)
        }
      }
      open.document.version = params["textDocument"]?["version"]?.intValue ?? open.document.version
      open.linted = nil
      documents[uri] = open
      dirty.insert(uri)
    case "textDocument/didSave":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return invalid(method) }
      if var open = documents[uri], let text = params["text"]?.stringValue,
        text != open.document.text
      {
        open.document.replaceAll(with: text)
        open.linted = nil
        documents[uri] = open
      }
      saved(uri)
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return invalid(method) }
      guard documents.removeValue(forKey: uri) != nil else { return [] }
      dirty.remove(uri)
      return [Self.publish(uri: uri, version: nil, diagnostics: [])]
    case "workspace/didChangeWatchedFiles":
      for change in params["changes"]?.arrayValue ?? [] {
        guard let path = change["uri"]?.stringValue.flatMap(DocumentURI.path) else { continue }
        fileChanged(path, deleted: change["type"]?.intValue == 3)
      }
    case "workspace/didChangeWorkspaceFolders":
      let event = params["event"]
      let removed = Set(
        (event?["removed"]?.arrayValue ?? []).compactMap {
          $0["uri"]?.stringValue.flatMap(DocumentURI.path)
        })
      let added = (event?["added"]?.arrayValue ?? []).compactMap {
        $0["uri"]?.stringValue.flatMap(DocumentURI.path)
      }
      workspace.folders = workspace.folders.filter { !removed.contains($0) } + added
      workspace.configurationChanged()
      configurationsReloaded = true
      relintAll()
    default:
      // `$/cancelRequest`, `$/setTrace`, `workspace/didChangeConfiguration`, ...: nothing to do.
      break
    }
    return []
  }

  /// A saved `.lint.yml` reloads every configuration; a saved Swift file updates what the
  /// files around it see (its classes and helpers) and is linted again.
  private mutating func saved(_ uri: String) {
    guard let path = DocumentURI.path(uri) else {
      if documents[uri] != nil { dirty.insert(uri) }
      return
    }
    if path.hasSuffix("/" + TestLintCLI.configurationFileName) {
      workspace.configurationChanged()
      configurationsReloaded = true
      relintAll()
      return
    }
    // The buffer just linted is what was saved: its model is reused, not scanned again.
    var model: FileModel?
    if case .linted(let result) = documents[uri]?.linted { model = result.model }
    let bytes =
      documents[uri]?.document.bytes
      ?? (try? FileWalker.contents(of: FileEntry(path: path, displayPath: path)))
    let start = tracesTiming ? PublishTiming.now() : 0
    if workspace.fileChanged(path, bytes: bytes, model: model) { relintAll() }
    if tracesTiming, documents[uri] != nil { savedSincePublish[uri] = PublishTiming.now() - start }
    if documents[uri] != nil { dirty.insert(uri) }
  }

  /// A file changed on disk (`workspace/didChangeWatchedFiles`).
  private mutating func fileChanged(_ path: String, deleted: Bool) {
    if path.hasSuffix("/" + TestLintCLI.configurationFileName) {
      workspace.configurationChanged()
      configurationsReloaded = true
      relintAll()
      return
    }
    guard path.hasSuffix(".swift") else { return }
    let bytes =
      deleted ? nil : try? FileWalker.contents(of: FileEntry(path: path, displayPath: path))
    if workspace.fileChanged(path, bytes: bytes) { relintAll() }
  }

  private mutating func relintAll() {
    for uri in documents.keys {
      documents[uri]?.linted = nil
      dirty.insert(uri)
    }
  }

  /// Asks the client to report changes to `.lint.yml` and Swift files, when it can.
  private mutating func registerWatchers() -> [JSONValue] {
    guard clientWatchesFiles else { return [] }
    let id = JSONValue.string("testlint-\(nextRequestID)")
    nextRequestID += 1
    let watchers: [JSONValue] = ["**/" + TestLintCLI.configurationFileName, "**/*.swift"].map {
      .object([("globPattern", .string($0))])
    }
    let registration = JSONValue.object([
      ("id", .string("testlint-watched-files")),
      ("method", .string("workspace/didChangeWatchedFiles")),
      ("registerOptions", .object([("watchers", .array(watchers))])),
    ])
    return [
      JSONRPC.request(
        id: id, "client/registerCapability", .object([("registrations", .array([registration]))]))
    ]
  }

  private func invalid(_ method: String) -> [JSONValue] {
    log("testlint lsp: '\(method)' without the params it needs; ignored")
    return []
  }
}

// MARK: - Diagnostics

extension LanguageServer {
  /// An open Swift document and its last lint, if still current.
  private struct OpenDocument: Sendable {
    var document: TextDocument
    var path: String?
    var linted: Workspace.Outcome?
  }

  private static func isSwift(_ document: TextDocument) -> Bool {
    document.languageID == "swift" || document.uri.hasSuffix(".swift")
  }

  private mutating func lint(_ open: OpenDocument) -> Workspace.Outcome {
    workspace.lint(open.document, path: open.path)
  }

  /// Lints the changed documents and publishes their diagnostics, sorted by URI; publishes the
  /// problems of a `.lint.yml` that does not load (and clears them once it does).
  private mutating func publishChanged() -> [[UInt8]] {
    guard !dirty.isEmpty else { return [] }
    var messages: [[UInt8]] = []
    var brokenConfigurations: [String: ConfigurationError] = [:]
    for uri in dirty.sorted() {
      guard var open = documents[uri] else { continue }
      let indexed = savedSincePublish.removeValue(forKey: uri)
      let start = indexed != nil ? PublishTiming.now() : 0
      let outcome = open.linted ?? lint(open)
      let linted = indexed != nil ? PublishTiming.now() : 0
      open.linted = outcome
      documents[uri] = open
      var findings: [LocatedFinding] = []
      switch outcome {
      case .linted(let result): findings = result.findings
      case .excluded: break
      case .configurationError(let path, let error): brokenConfigurations[path] = error
      }
      // Written straight into the message's bytes: a save of a large file with a thousand
      // findings builds no value per diagnostic.
      messages.append(
        LSPDiagnostics.publishBody(uri: uri, version: open.document.version) { output in
          LSPDiagnostics.write(findings, in: open.document, encoding: encoding, to: &output)
        })
      if let indexed {
        // Numbered from the end of what `receive` has so far (`added` makes it an index).
        publishTimings.append(
          PublishTiming(
            message: messages.count - 1 - 1 << 32, uri: uri, diagnostics: findings.count,
            indexNanoseconds: indexed, lintNanoseconds: linted - start,
            serializeNanoseconds: PublishTiming.now() - linted))
      }
    }
    dirty = []
    savedSincePublish = [:]
    var published: Set<String> = []
    for (path, error) in brokenConfigurations.sorted(by: { $0.key < $1.key }) {
      let uri = DocumentURI.uri(path: path)
      let bytes = (try? FileWalker.contents(of: FileEntry(path: path, displayPath: path))) ?? []
      let text = TextDocument(uri: uri, text: String(decoding: bytes, as: UTF8.self))
      log(
        "testlint lsp: \(path) does not load: "
          + error.diagnostics.map(\.message).joined(separator: "; "))
      messages.append(
        LSPDiagnostics.publishBody(uri: uri, version: nil) { output in
          for problem in error.diagnostics {
            LSPDiagnostics.diagnostic(configurationProblem: problem, text: text, encoding: encoding)
              .write(into: &output)
          }
        })
      published.insert(uri)
    }
    if configurationsReloaded {
      for uri in configurationDiagnostics.subtracting(published).sorted() {
        messages.append(LSPDiagnostics.publishBody(uri: uri, version: nil) { _ in })
      }
      configurationDiagnostics = published
      configurationsReloaded = false
    } else {
      configurationDiagnostics.formUnion(published)
    }
    return messages
  }

  private static func publish(uri: String, version: Int?, diagnostics: [JSONValue]) -> JSONValue {
    var params: [(String, JSONValue)] = [("uri", .string(uri))]
    if let version { params.append(("version", .int(version))) }
    params.append(("diagnostics", .array(diagnostics)))
    return JSONRPC.notification("textDocument/publishDiagnostics", .object(params))
  }
}
