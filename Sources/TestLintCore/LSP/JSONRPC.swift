/// JSON-RPC 2.0 messages as the LSP base protocol uses them: error codes and the shapes of
/// responses and notifications.
public enum JSONRPC {
  /// Error codes of JSON-RPC 2.0 and LSP.
  public enum ErrorCode: Int, Sendable {
    /// The bytes are not JSON (or the header block cannot be read).
    case parseError = -32700
    /// JSON, but not a request or notification.
    case invalidRequest = -32600
    /// No such method.
    case methodNotFound = -32601
    /// The params do not have the shape the method needs.
    case invalidParams = -32602
    /// The server failed while handling a valid request.
    case internalError = -32603
    /// A request before `initialize`.
    case serverNotInitialized = -32002
  }

  /// A successful response.
  public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
    .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
  }

  /// An error response; `id` is `null` when the request's id could not be read.
  public static func error(id: JSONValue, code: ErrorCode, message: String) -> JSONValue {
    .object([
      ("jsonrpc", .string("2.0")), ("id", id),
      ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))])),
    ])
  }

  /// A notification (no id, no response expected).
  public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
  }

  /// A request from the server to the client.
  public static func request(id: JSONValue, _ method: String, _ params: JSONValue) -> JSONValue {
    .object([
      ("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method)), ("params", params),
    ])
  }
}
