/// What `setUp` stores in an implicitly unwrapped property, `tearDown` sets back to `nil`.
public struct StateReleasedInTeardownRule: Rule {
  public static let description = RuleDescription(
    id: "state_released_in_teardown",
    summary: "an implicitly unwrapped property assigned in 'setUp()' is set to nil in 'tearDown()'",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "teardown_wrappers", kind: .strings, defaultValue: .strings(["TearDownProperty"]),
        summary: "property wrappers that release the property after each test ('*' is a wildcard)"),
      OptionSpec(
        name: "ignored_types", kind: .strings, defaultValue: .strings(Self.valueTypes),
        summary: "declared types whose properties need no release ('*' is a wildcard)"),
    ])

  /// Small values that hold no object: keeping them costs nothing. The CoreGraphics geometry
  /// structs (`CGRect`, `CGPoint` ...) are values too.
  static let valueTypes = [
    "Bool", "Int", "Double", "Float", "CGFloat", "String", "URL", "Date", "UUID", "TimeInterval",
    "CGRect", "CGPoint", "CGSize", "CGVector", "CGAffineTransform",
  ]

  private let wrappers: [WildcardPattern]
  private let ignoredTypes: [WildcardPattern]

  public init(options: RuleOptions) {
    wrappers = options.strings("teardown_wrappers").map(WildcardPattern.init)
    ignoredTypes = options.strings("ignored_types").map(WildcardPattern.init)
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    var aliases: [String: Set<String>]?
    for type in model.types where type.kind == .class && context.discovery.isXCTestType(type) {
      let candidates = type.properties.map { model.properties[$0] }.filter(isCandidate)
      guard !candidates.isEmpty else { continue }
      let assignments = PresenterRecreatedInSetupRule.assignmentsInSetUp(typeNamed: type.simpleName, in: context)
      let assigned = Set(assignments.map(\.member))
      let released = Self.releasedInTearDown(typeNamed: type.simpleName, in: context)
      for property in candidates where assigned.contains(property.name) && !released.contains(property.name) {
        // Only ever a shared instance (`Settings.shared`): it lives for the run, nil frees nothing.
        if assignments.allSatisfy({
          $0.member != property.name || Self.isSharedInstance($0.value, in: model)
            || Self.isCachedBundle($0.value, in: model)
        }) {
          continue
        }
        // The file's aliases are read only for a property that would be reported: the scan
        // costs a pass over the tokens.
        if aliases == nil { aliases = Self.typeAliases(in: model) }
        if let aliases, isAliasOfIgnoredType(property, aliases: aliases) { continue }
        violations.append(Violation(offset: property.nameOffset, message: Messages.notReleased(property.name)))
      }
    }
    return violations
  }

  /// Whether a value is a type's shared instance, a static that lives for the whole run:
  /// `Settings.shared`, `FileManager.default`, `.standard`, `Calendar.current`, or a shared
  /// accessor called with nothing, `Settings.sharedInstance()`, `Store.shared()` (names and dots
  /// only, ending in one of `sharedInstanceNames`); and the Java and Objective-C spellings on a
  /// type's name, `Prefs.getInstance()` and `Prefs.instance` (not `registry.instance`, a value's
  /// member, nor `.instance` alone).
  static func isSharedInstance(_ value: Range<Int>?, in model: FileModel) -> Bool {
    guard var value else { return false }
    // An accessor called with nothing: `Settings.sharedInstance()`, `Store.shared()` (not
    // `.default()` or `.current()`, as often a factory of a new value).
    if value.count >= 4, model.tokens[value.upperBound - 1].kind == .rightParen,
      model.tokens[value.upperBound - 2].kind == .leftParen
    {
      let name = model.text(value.upperBound - 3)
      guard name == "sharedInstance" || name == "shared" || name == "getInstance" else { return false }
      value = value.lowerBound..<(value.upperBound - 2)
    }
    guard value.count >= 2, model.tokens[value.upperBound - 2].kind == .dot else { return false }
    let name = model.text(value.upperBound - 1)
    if name == "getInstance" || name == "instance" {
      // On a type's name: `Prefs.instance`, `Vault.Store.getInstance()`.
      guard value.count >= 3, model.tokens[value.upperBound - 3].kind == .identifier,
        model.text(value.upperBound - 3).first?.isUppercase == true
      else { return false }
    } else if !sharedInstanceNames.contains(name) {
      return false
    }
    return value.allSatisfy { model.tokens[$0].kind == .dot || model.tokens[$0].kind == .identifier }
  }

  static let sharedInstanceNames: Set<String> = ["shared", "default", "standard", "current", "sharedInstance"]

  /// A stored instance `var` declared `Type!`, not a metatype, not of an ignored type (as
  /// written) and not wrapped in a releasing property wrapper.
  func isCandidate(_ property: PropertyDecl) -> Bool {
    guard property.isImplicitlyUnwrapped, !property.isLet, !property.isStatic, !property.isComputed,
      let annotation = property.typeAnnotation
    else { return false }
    let written = String(annotation.dropLast())
    // A metatype (`Clock.Type!`, `Service.Protocol!`) holds a type, no instance: nil frees nothing.
    if written.hasSuffix(".Type") || written.hasSuffix(".Protocol") { return false }
    return !ignoredTypes.contains(where: { $0.matches(written) }) && !isWrapped(property)
  }

  /// Whether the property's type is an alias the file declares (`typealias UserID = UUID`, at
  /// any scope, through a chain of aliases but not a cycle) of an ignored type, each alias on
  /// the way declared with one target. An alias declared in another file is not known here.
  func isAliasOfIgnoredType(_ property: PropertyDecl, aliases: [String: Set<String>]) -> Bool {
    guard !aliases.isEmpty, let annotation = property.typeAnnotation else { return false }
    var type = String(annotation.dropLast())
    var followed: Set<String> = []
    while followed.insert(type).inserted, let targets = aliases[type], targets.count == 1,
      let target = targets.first
    {
      if ignoredTypes.contains(where: { $0.matches(target) }) { return true }
      type = target
    }
    return false
  }

  /// The file's `typealias Name = Target` declarations whose target is a plain, possibly
  /// qualified name (`UUID`, `Foundation.Date`), each alias with the targets it is declared
  /// with (more than one: declared differently in different scopes).
  static func typeAliases(in model: FileModel) -> [String: Set<String>] {
    let tokens = model.tokens
    var aliases: [String: Set<String>] = [:]
    // The keywords first, in a loop without bounds checks: this pass is most of the cost.
    let declarations = tokens.withUnsafeBufferPointer { buffer in
      buffer.indices.filter { buffer[$0].keyword == .`typealias` }
    }
    for index in declarations {
      let nameIndex = index + 1
      guard nameIndex + 2 < tokens.count, tokens[nameIndex].kind == .identifier,
        tokens[nameIndex + 1].kind == .operator, model.text(nameIndex + 1) == "="
      else { continue }
      var target = ""
      var cursor = nameIndex + 2
      while cursor < tokens.count, tokens[cursor].kind == .identifier {
        target += model.text(cursor)
        guard cursor + 2 < tokens.count, tokens[cursor + 1].kind == .dot,
          !tokens[cursor + 1].hasSpaceBefore
        else { break }
        target += "."
        cursor += 2
      }
      // The declaration ends after the name: a new line, `;` or `}` (not `<`, `?`, `&`, `->`).
      let after = cursor + 1
      let ends = cursor < tokens.count && tokens[cursor].kind == .identifier
        && (after == tokens.count || tokens[after].isAtLineStart
          || [.semicolon, .rightBrace].contains(tokens[after].kind))
      if ends { aliases[model.text(nameIndex), default: []].insert(target) }
    }
    return aliases
  }

  /// Whether the property is wrapped in a wrapper that releases it.
  func isWrapped(_ property: PropertyDecl) -> Bool {
    property.attributes.contains { attribute in
      let name = TypeDecl.simpleName(attribute.name)
      return wrappers.contains { $0.matches(name) }
    }
  }

  /// Member names set to `nil` (or to another value) by the type's `tearDown` methods, by
  /// closures (or same-file functions passed by name) the type registers with
  /// `addTeardownBlock` in any of its methods or what its `setUp` calls, and by the same-file
  /// helpers either calls.
  static func releasedInTearDown(typeNamed name: String, in context: RuleContext) -> Set<String> {
    let model = context.model
    let functions = context.functions(ofTypeNamed: name)
    var names: Set<String> = []
    func collect(_ range: Range<Int>) {
      names.formUnion(releasingAssignments(in: range, of: model))
      names.formUnion(emptiedCollections(in: range, of: model))
    }
    func collect(function index: Int) {
      if let body = model.functions[index].body { collect(body) }
    }
    let tearDowns = functions.filter { index in
      let function = model.functions[index]
      return (function.name == "tearDown" || function.name == "tearDownWithError")
        && function.parameters.isEmpty && !function.has("class") && !function.has("static")
    }
    for tearDown in tearDowns {
      for reachable in context.reachableFunctions(from: tearDown) { collect(function: reachable) }
    }
    var registering = Set(functions)
    for setUp in functions where ["setUp", "setUpWithError"].contains(model.functions[setUp].name) {
      registering.formUnion(context.reachableFunctions(from: setUp))
    }
    for function in registering.sorted() {
      for callIndex in model.functions[function].calls
      where RuleText.isName(model.calls[callIndex].name, "addTeardownBlock") {
        let call = model.calls[callIndex]
        var closures = call.trailingClosures.map(\.tokens)
        closures += call.arguments.map(\.value).filter { !$0.isEmpty && model.tokens[$0.lowerBound].kind == .leftBrace }
        // `addTeardownBlock(releaseAll)`: a same-file function passed by name.
        for argument in call.arguments where !argument.value.isEmpty {
          let name = model.text(argument.value.upperBound - 1)
          let isReference = argument.value.count == 1
            || (argument.value.count == 3 && model.text(argument.value.lowerBound) == "self")
          guard isReference, let targets = context.callGraph.functionsByName[name] else { continue }
          for target in targets {
            for reachable in context.reachableFunctions(from: target) { collect(function: reachable) }
          }
        }
        for closure in closures {
          collect(closure)
          let inner = model.functions[function].calls.filter { closure.contains(model.calls[$0].nameToken) }
          guard let first = inner.first, let last = inner.last else { continue }
          for reachable in context.callGraph.reachable(fromCalls: first..<(last + 1)) {
            collect(function: reachable)
          }
        }
      }
    }
    return names
  }

  /// Members assigned in a token range: `name = nil`, `self.name = nil`, `self?.name = nil`
  /// (read from the tokens: `self?.name` hangs off an optional chain, which the model's
  /// assignments leave out), and any other value (`client = .liveValue`, `view = ViewSpy()`):
  /// a new value releases what the test stored as `nil` does, and the instance XCTest keeps
  /// holds only that value, which no test used. Not a local declared there (`let name = ...`).
  static func releasingAssignments(in range: Range<Int>, of model: FileModel) -> Set<String> {
    let tokens = model.tokens
    var names: Set<String> = []
    for index in range where index >= 1 && index + 1 < range.upperBound {
      guard tokens[index].kind == .operator, tokens[index - 1].isIdentifierLike, model.token(index, is: "=")
      else { continue }
      let target = index - 1
      guard isOwnMember(target, in: model) else { continue }
      if target >= 1, [.let, .var].contains(tokens[target - 1].keyword) { continue }
      var name = model.text(target)
      if tokens[target].kind == .backtickIdentifier { name = String(name.dropFirst().dropLast()) }
      names.insert(name)
    }
    return names
  }

  /// Whether the member named at `target` is the instance's own: written alone (`name`) or on
  /// `self` (`self.name`, `self?.name`, `self!.name`), not on another value (`store.name`) nor
  /// on a `.self` (`Store.self.name`).
  static func isOwnMember(_ target: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var receiver = target - 1
    guard receiver >= 0, tokens[receiver].kind == .dot else { return true }
    receiver -= 1
    if receiver >= 0, tokens[receiver].kind == .operator, model.token(receiver, is: "?") || model.token(receiver, is: "!") {
      receiver -= 1
    }
    guard receiver >= 0, tokens[receiver].keyword == .`self` else { return false }
    return receiver == 0 || tokens[receiver - 1].kind != .dot
  }
}

extension StateReleasedInTeardownRule {
  fileprivate enum Messages {
    static func notReleased(_ name: String) -> String {
      "set '\(name)' to nil in 'tearDown()'; XCTest keeps every test case instance, and what it holds, until the run ends"
    }
  }
}
