/// Finds a file's Quick examples: those of `spec()`, and those declared in the functions that
/// `spec()` (or a group's closure in it) calls, named by the groups around the call and then by
/// the groups inside the function.
///
/// Quick runs an example wherever the call that declares it runs: `spec()` calling
/// `class func contactsSpec()` inside a `describe` runs the `it` blocks of `contactsSpec()`
/// inside that `describe`. The walk follows such calls from each `spec()` with a worklist and a
/// visited set (a helper that calls a helper that calls the first is read once, at any depth),
/// so each function's examples are found once: a helper called from several places is named by
/// the first call the walk meets (breadth first, calls in source order), and its examples are
/// checked once, where they are declared.
///
/// A function the file's specs do not call but that declares examples or groups (a helper
/// called from another file's spec, a `QuickConfiguration`'s `configure` holding
/// `sharedExamples`) is read as well, after them: its examples are named by its own groups.
/// An example inside `sharedExamples("name") { ... }` is named by that name as by a group,
/// and is found once, where it is declared, not at each `itBehavesLike`.
struct QuickExampleWalk {
  /// Where the walk reads a function from.
  struct Visit {
    /// The function (index into `FileModel.functions`).
    var function: Int
    /// The suite its examples belong to: the spec that called it, or its own type.
    var suite: String?
    /// The innermost group around the call that reached it (index into `groups`).
    var group: Int?
    /// A group around the call is pending (`xdescribe`, `xcontext`).
    var pending: Bool
  }

  /// What the code inside a call (or at the top of a function) sits in.
  struct Context {
    /// The innermost enclosing group (index into `groups`), nil at the top.
    var group: Int?
    /// An enclosing group is pending.
    var pending: Bool
    /// Inside an example's closure: calls there are the example's code, not declarations.
    var inExample: Bool
  }

  /// One group: its description and the group around it; the groups form a tree, and a name
  /// is read from a leaf to the root only when an example is found.
  struct Group {
    var text: String
    var parent: Int?
  }

  let model: FileModel
  private(set) var groups: [Group] = []
  /// The context inside each call already met (nil: not computed yet).
  private var inside: [Context?]
  /// The file's functions (`func` only) by the simple name of their type (nil for a free
  /// function) and their name: a call reaches one or two such buckets, whatever the number of
  /// overloads, and each bucket is followed once.
  private let buckets: [[Int]]
  private let bucketIndex: [BucketKey: Int]
  /// Each function's bucket (nil for an `init`, `subscript`, ...).
  private let bucketOfFunction: [Int?]
  /// The names of the file's functions: most calls are rejected with one hash.
  private let functionNames: Set<String>

  struct BucketKey: Hashable {
    var type: String?
    var name: String
  }

  /// Quick's group calls, `sharedExamples` included (its name names its examples).
  static let groupCalls = NameSet(TestDiscovery.groupNames.union(["sharedExamples"]))

  init(model: FileModel) {
    self.model = model
    inside = [Context?](repeating: nil, count: model.calls.count)
    var buckets: [[Int]] = []
    var bucketIndex: [BucketKey: Int] = [:]
    var bucketOfFunction = [Int?](repeating: nil, count: model.functions.count)
    for index in model.functions.indices where model.functions[index].kind == .function {
      let key = BucketKey(
        type: model.functions[index].owner.map { model.types[$0].simpleName },
        name: model.functions[index].name)
      let bucket = bucketIndex[key] ?? buckets.count
      if bucket == buckets.count {
        bucketIndex[key] = bucket
        buckets.append([])
      }
      buckets[bucket].append(index)
      bucketOfFunction[index] = bucket
    }
    self.buckets = buckets
    self.bucketIndex = bucketIndex
    self.bucketOfFunction = bucketOfFunction
    functionNames = Set(bucketIndex.keys.map(\.name))
  }

  /// The examples reached from `roots` (each a `spec()`), then those of the file's other
  /// functions that declare examples or groups (when `readsOtherFunctions`); `excluded` are
  /// functions never read (the file's XCTest and Swift Testing tests).
  mutating func examples(
    roots: [Visit], readsOtherFunctions: Bool, excluded: Set<Int>
  ) -> [DiscoveredTest] {
    var visited = excluded
    for root in roots { visited.insert(root.function) }
    var examples: [DiscoveredTest] = []
    walk(roots, visited: &visited, into: &examples)
    guard readsOtherFunctions else { return examples }
    // Functions that declare examples or groups and that no spec of the file reaches: first
    // those no other such function calls (their callees are then named by the groups around
    // the calls), then any left over (helpers that only call one another).
    let declaring = model.functions.indices.filter { index in
      !visited.contains(index) && model.functions[index].kind == .function
        && model.functions[index].calls.contains { isExampleCall($0) || isGroupCall($0) }
    }
    guard !declaring.isEmpty else { return examples }
    // The buckets some declaring function calls (a function calling itself, or an overload of
    // itself, is no caller of its own: it stays a root).
    var called: Set<Int> = []
    for function in declaring {
      for call in model.functions[function].calls {
        for bucket in callees(ofCall: call, from: function)
        where bucket != bucketOfFunction[function] {
          called.insert(bucket)
        }
      }
    }
    for pass in 0..<2 {
      for function in declaring
      where !visited.contains(function)
        && (pass == 1 || !(bucketOfFunction[function].map(called.contains) ?? false))
      {
        visited.insert(function)
        let owner = model.functions[function].owner
        let root = Visit(
          function: function, suite: owner.map { TestDiscovery.qualifiedTypeName($0, in: model) },
          group: nil, pending: false)
        walk([root], visited: &visited, into: &examples)
      }
    }
    return examples
  }

  /// Reads each function of the worklist once: its examples, and the functions its calls
  /// outside examples reach, queued with the groups around the call.
  private mutating func walk(
    _ start: [Visit], visited: inout Set<Int>, into examples: inout [DiscoveredTest]
  ) {
    var queue = start
    var next = 0
    var followed: Set<Int> = []
    while next < queue.count {
      let visit = queue[next]
      next += 1
      let base = Context(group: visit.group, pending: visit.pending, inExample: false)
      let calls = model.functions[visit.function].calls
      for index in calls {
        if isExampleCall(index) {
          let outer = context(around: index, base: base)
          guard !outer.inExample else { continue }
          examples.append(example(at: index, in: visit, outer: outer, calls: calls))
          continue
        }
        let reached = callees(ofCall: index, from: visit.function)
        guard reached.contains(where: { !followed.contains($0) }) else { continue }
        let outer = context(around: index, base: base)
        guard !outer.inExample else { continue }
        for bucket in reached where followed.insert(bucket).inserted {
          for callee in buckets[bucket] where visited.insert(callee).inserted {
            queue.append(
              Visit(
                function: callee, suite: visit.suite, group: outer.group, pending: outer.pending))
          }
        }
      }
    }
  }

  /// The example an `it` / `fit` / `xit` / `pending` call declares.
  private func example(at index: Int, in visit: Visit, outer: Context, calls: Range<Int>)
    -> DiscoveredTest
  {
    let call = model.calls[index]
    let body =
      call.trailingClosures.first?.tokens ?? TestDiscovery.closureArgument(of: call, in: model)
    var end = index + 1
    if let body {
      while end < calls.upperBound, model.calls[end].nameToken < body.upperBound { end += 1 }
    }
    var names: [String] = []
    var cursor = outer.group
    while let group = cursor {
      names.append(groups[group].text)
      cursor = groups[group].parent
    }
    let literal = TestDiscovery.description(of: call, in: model)
    var test = DiscoveredTest(
      suite: visit.suite, name: literal ?? Self.description(of: call, in: model) ?? "",
      framework: .quick,
      function: visit.function, body: body, calls: (index + 1)..<end,
      nameOffset: model.offset(call.nameToken), groups: names.reversed(), call: index,
      isPending: outer.pending || call.name == "xit" || call.name == "pending")
    test.isNamedByExpression = literal == nil
    return test
  }

  /// The context a call sits in: that inside its parent call, or `base` at the top of the
  /// function. Each call's inside is computed once (up the parents to the first known one,
  /// then down): linear in the calls, at any nesting, without recursion.
  private mutating func context(around index: Int, base: Context) -> Context {
    guard let parent = model.calls[index].parent else { return base }
    if let known = inside[parent] { return known }
    var chain: [Int] = []
    var context = base
    var cursor: Int? = parent
    while let current = cursor {
      if let known = inside[current] {
        context = known
        break
      }
      chain.append(current)
      cursor = model.calls[current].parent
    }
    for current in chain.reversed() {
      context = step(into: current, from: context)
      inside[current] = context
    }
    return context
  }

  /// The context inside a call, given the one around it.
  private mutating func step(into index: Int, from outer: Context) -> Context {
    var context = outer
    if isExampleCall(index) {
      // `pending("a group") { it(...) }`: Quick never runs the closure; its examples are listed
      // as pending, as inside an `xdescribe`.
      if model.calls[index].name == "pending" {
        context.pending = true
      } else {
        context.inExample = true
      }
    } else if isGroupCall(index) {
      if model.calls[index].name.hasPrefix("x") { context.pending = true }
      // A group described by an expression (`describe(name)`) is left out of the names, as it
      // always was: what Quick names it is known only when it runs.
      if let text = TestDiscovery.description(of: model.calls[index], in: model) {
        groups.append(Group(text: text, parent: outer.group))
        context.group = groups.count - 1
      }
    }
    return context
  }

  /// Whether a call declares an example: `it(...)`, with a description.
  func isExampleCall(_ index: Int) -> Bool {
    TestDiscovery.examples.contains(model.calls[index].name) && isDeclaration(index)
  }

  /// Whether a call declares a group (or shared examples).
  func isGroupCall(_ index: Int) -> Bool {
    Self.groupCalls.contains(model.calls[index].name) && isDeclaration(index)
  }

  private func isDeclaration(_ index: Int) -> Bool {
    let call = model.calls[index]
    guard call.path.count == 1, !call.hasExpressionBase, !call.isMacro, !call.isImplicitMember,
      let first = call.arguments.first
    else { return false }
    return first.label == nil && !first.value.isEmpty
  }

  /// The buckets of the file's functions a call may run: `helper()` (a function of the
  /// caller's type or a free one), `self.helper()`, `Self.helper()`, `Spec.helper()`; none for
  /// a call on a value.
  func callees(ofCall index: Int, from function: Int) -> [Int] {
    guard functionNames.contains(model.calls[index].name) else { return [] }
    let call = model.calls[index]
    guard !call.hasExpressionBase, !call.isMacro, !call.isImplicitMember, call.path.count <= 2
    else { return [] }
    let callerType = model.functions[function].owner.map { model.types[$0].simpleName }
    let wanted: String?
    if call.path.count == 1 {
      wanted = nil
    } else if call.path[0] == "self" || call.path[0] == "Self" {
      guard let callerType else { return [] }
      wanted = callerType
    } else if let first = call.path[0].utf8.first, first >= UInt8(ascii: "A"),
      first <= UInt8(ascii: "Z")
    {
      wanted = call.path[0]
    } else {
      return []
    }
    if let wanted {
      return bucketIndex[BucketKey(type: wanted, name: call.name)].map { [$0] } ?? []
    }
    var result: [Int] = []
    if let callerType, let own = bucketIndex[BucketKey(type: callerType, name: call.name)] {
      result.append(own)
    }
    if let free = bucketIndex[BucketKey(type: nil, name: call.name)] { result.append(free) }
    return result
  }

  /// An example's description: the text of a string literal, or the argument as written
  /// (`it(message)` in a helper that takes the description: Quick names the example by its
  /// value, known only when it runs).
  static func description(of call: Call, in model: FileModel) -> String? {
    if let literal = TestDiscovery.description(of: call, in: model) { return literal }
    guard let first = call.arguments.first, first.label == nil, !first.value.isEmpty else {
      return nil
    }
    return model.text(tokens: first.value)
  }
}
