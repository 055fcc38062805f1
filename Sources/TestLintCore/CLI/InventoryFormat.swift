/// The JSON printed by `testlint inventory`.
public enum InventoryFormat {
  /// `{"version":1,"tests":[{"file","suite","name","framework","line","assertions"}]}`, sorted
  /// by file and line; a pending Quick example also has `"pending":true` and a test whose class
  /// rests on an assumed base (`BaseAssumption`) `"base": "assumed"` (the others have no such
  /// keys).
  public static func render(_ tests: [InventoryEntry]) -> String {
    let sorted = tests.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
    let entries: [JSONValue] = sorted.map { test in
      var fields: [(String, JSONValue)] = [
        ("file", .string(test.file)),
        ("suite", test.suite.map(JSONValue.string) ?? .null),
        ("name", .string(test.name)),
        ("framework", .string(test.framework.rawValue)),
        ("line", .int(test.line)),
        ("assertions", .int(test.assertions)),
      ]
      if test.pending { fields.append(("pending", .bool(true))) }
      if test.assumedBase { fields.append(("base", .string("assumed"))) }
      return .object(fields)
    }
    let root = JSONValue.object([("version", .int(1)), ("tests", .array(entries))])
    return root.serialized(pretty: true) + "\n"
  }
}
