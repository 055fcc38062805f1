import TestLintCore
import XCTest

/// The file model the scanner builds: types, properties, functions, calls, assignments,
/// imports, `#if` handling, and test discovery on top of it.
final class ScannerTests: XCTestCase {
  // MARK: Types

  func test_typeKinds_areRecognised() {
    let model = scan(
      """
      class A {}
      struct B {}
      enum C {}
      actor D {}
      extension E {}
      protocol F {}
      """)
    XCTAssertEqual(model.types.map(\.kind), [.class, .struct, .enum, .actor, .extension, .protocol])
    XCTAssertEqual(model.types.map(\.name), ["A", "B", "C", "D", "E", "F"])
  }

  func test_typeNameOffset_pointsAtName() throws {
    let model = scan("@MainActor\nfinal class Presenter {}")
    let type = try XCTUnwrap(model.types.first)
    XCTAssertEqual(position(model, type.nameOffset), "2:13")
  }

  func test_extensionOfQualifiedName_keepsDots() throws {
    let model = scan("extension Outer.Inner: Equatable where Value: Equatable {}")
    let type = try XCTUnwrap(model.types.first)
    XCTAssertEqual(type.name, "Outer.Inner")
    XCTAssertEqual(type.simpleName, "Inner")
    XCTAssertEqual(type.inheritance, ["Equatable"])
  }

  func test_extensionOfSugaredType_keepsWholeType() {
    let model = scan(
      """
      extension [Int] { func sum() -> Int { 0 } }
      extension Int?: Comparable {}
      extension Array<Money> where Element: Sendable {}
      extension Dictionary<String, [Int]>.Keys {}
      extension Result<Int, Error>.Success? {}
      """)
    XCTAssertEqual(model.types.map(\.name), ["[Int]", "Int?", "Array<Money>", "Dictionary<String, [Int]>.Keys", "Result<Int, Error>.Success?"])
    XCTAssertEqual(model.types.map(\.simpleName), ["[Int]", "Int", "Array", "Keys", "Success"])
    XCTAssertEqual(model.types.map(\.inheritance), [[], ["Comparable"], [], [], []])
    XCTAssertEqual(model.functions.map(\.owner), [0])
  }

  func test_simpleName_dropsGenericArguments() {
    XCTAssertEqual(TypeDecl.simpleName("Outer<Int>.Inner<(String) -> Void>!"), "Inner")
    XCTAssertEqual(TypeDecl.simpleName("Base<(Int) -> Void>"), "Base")
    XCTAssertEqual(TypeDecl.simpleName("Presenter?"), "Presenter")
  }

  func test_genericClause_isKept() throws {
    let model = scan("struct Box<T: Equatable, U: Collection<Int>> where T: Hashable { let t: T }")
    let type = try XCTUnwrap(model.types.first)
    XCTAssertEqual(type.name, "Box")
    XCTAssertEqual(type.genericClause, "<T: Equatable, U: Collection<Int>>")
    XCTAssertEqual(type.inheritance, [])
    XCTAssertEqual(model.properties.map(\.name), ["t"])
  }

  func test_inheritanceList_splitsEntries() throws {
    let model = scan(
      """
      final class Cache: Base<Int, [String: Int]>, @unchecked Sendable,
        Loading & Saving {}
      """)
    let type = try XCTUnwrap(model.types.first)
    // Whitespace is squeezed out of entries except between two words.
    XCTAssertEqual(type.inheritance, ["Base<Int,[String:Int]>", "@unchecked Sendable", "Loading&Saving"])
    XCTAssertEqual(type.inheritance.map(TypeDecl.simpleName), ["Base", "@unchecked Sendable", "Loading&Saving"])
  }

  func test_typeAttributesAndModifiers_areRecorded() throws {
    let model = scan(
      """
      @MainActor @available(iOS 15, *)
      public final class Screen: UIViewController {}
      """)
    let type = try XCTUnwrap(model.types.first)
    XCTAssertEqual(type.attributes.map(\.name), ["MainActor", "available"])
    XCTAssertEqual(type.attributes.last.map { model.text(tokens: $0.arguments ?? 0..<0) }, "iOS 15, *")
    XCTAssertEqual(type.modifiers, ["public", "final"])
    XCTAssertEqual(type.inheritance, ["UIViewController"])
  }

  func test_nestedTypes_recordParent() {
    let model = scan(
      """
      class Outer {
        struct Inner {
          enum Deep { case a }
        }
        final class Sibling {}
      }
      struct Next {}
      """)
    XCTAssertEqual(model.types.map(\.name), ["Outer", "Inner", "Deep", "Sibling", "Next"])
    XCTAssertEqual(model.types.map(\.parent), [nil, 0, 1, 0, nil])
  }

  func test_typeBody_spansBraces() throws {
    let model = scan("class A { func f() {} }")
    let type = try XCTUnwrap(model.types.first)
    XCTAssertEqual(model.text(tokens: type.body), "{ func f() {} }")
    XCTAssertEqual(type.functions, [0])
  }

  func test_actorAsIdentifier_isNotType() {
    let model = scan("let actor = 1\nfunc f() { actor.run() }")
    XCTAssertEqual(model.types.count, 0)
    XCTAssertEqual(model.calls.map(\.path), [["actor", "run"]])
  }

  // MARK: Properties

  func test_storedProperties_recordAnnotationAndInitializer() {
    let model = scan(
      """
      final class PresenterTests: XCTestCase {
        var presenter: Presenter!
        let view = ViewMock(frame: .zero)
        private(set) var count: Int = 0
        weak var delegate: Delegate?
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["presenter", "view", "count", "delegate"])
    XCTAssertEqual(model.properties.map(\.typeAnnotation), ["Presenter!", nil, "Int", "Delegate?"])
    XCTAssertEqual(model.properties.map(\.hasInitializer), [false, true, true, false])
    XCTAssertEqual(model.properties.map(\.isLet), [false, true, false, false])
    XCTAssertEqual(model.properties.map(\.isImplicitlyUnwrapped), [true, false, false, false])
    XCTAssertEqual(model.properties.map(\.modifiers), [[], [], ["private"], ["weak"]])
    XCTAssertEqual(model.properties.map(\.owner), [0, 0, 0, 0])
    XCTAssertEqual(model.properties[1].initializer.map { model.text(tokens: $0) }, "ViewMock(frame: .zero)")
    XCTAssertEqual(model.types.first?.properties, [0, 1, 2, 3])
  }

  func test_lazyAndStaticProperties_areFlagged() {
    let model = scan(
      """
      class A {
        lazy var formatter = DateFormatter()
        static let shared = A()
        class var name: String { "A" }
        static var count = 0
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["formatter", "shared", "name", "count"])
    XCTAssertEqual(model.properties.map(\.isLazy), [true, false, false, false])
    XCTAssertEqual(model.properties.map(\.isStatic), [false, true, true, true])
    XCTAssertEqual(model.properties.map(\.isComputed), [false, false, true, false])
  }

  func test_computedAndObservedProperties_areDistinguished() {
    let model = scan(
      """
      struct S {
        var a: Int { 1 }
        var b: Int {
          get { storage }
          set { storage = newValue }
        }
        var c = 0 {
          willSet { log(newValue) }
          didSet { log(oldValue) }
        }
        var d: Int = 0 { didSet { changed() } }
        var e: Int { @storageRestrictions(initializes: x) init { x = newValue } get { x } }
        var f: [Int] = []
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["a", "b", "c", "d", "e", "f"])
    XCTAssertEqual(model.properties.map(\.isComputed), [true, true, false, false, true, false])
    XCTAssertEqual(model.properties.map(\.hasInitializer), [false, false, true, true, false, true])
  }

  func test_observedPropertyInitializer_excludesObservers() {
    let model = scan(
      """
      class A {
        var c = 0 {
          willSet { log(newValue) }
        }
        var d: [Int] = [] { didSet { changed() } }
        var e = make()
        { @MainActor didSet {} }
        func after() {}
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["c", "d", "e"])
    XCTAssertEqual(model.properties.map { $0.initializer.map { model.text(tokens: $0) } }, ["0", "[]", "make()"])
    XCTAssertEqual(model.properties.map(\.isComputed), [false, false, false])
    XCTAssertEqual(model.functions.map(\.name), ["after"])
  }

  func test_ternaryOnContinuationLines_isOneInitializer() {
    let model = scan(
      """
      class A {
        let a = b
          ? c
          : d
        func h() {}
      }
      """)
    XCTAssertEqual(model.properties.first?.initializer.map { model.text(tokens: $0) }, "b\n    ? c\n    : d")
    XCTAssertEqual(model.functions.map(\.name), ["h"])
  }

  func test_declarationsAfterMultiLineGenericTypeAlias_areFound() {
    let text = """
      typealias Store = TestStore<
        Feature.State,
        Feature.Action
      >
      @Suite struct StoreTests {
        @Test func loads() {}
      }
      typealias Pair<T> = Dictionary<
        T, [T]
      >.Element
      struct After {}
      """
    let model = Scanner.scan(SourceFile(path: "test.swift", text: text))
    XCTAssertEqual(model.types.map(\.name), ["StoreTests", "After"])
    XCTAssertEqual(model.types.first?.attributes.map(\.name), ["Suite"])
    XCTAssertEqual(model.functions.map(\.name), ["loads"])
  }

  func test_distributedActor_isTypeWithItsFunctions() {
    let text = """
      distributed actor Greeter {
        distributed func greet() -> String { "hi" }
        func local() {}
      }
      final class GreeterTests: XCTestCase {
        func testGreets() {}
      }
      """
    let model = Scanner.scan(SourceFile(path: "test.swift", text: text))
    XCTAssertEqual(model.types.map(\.name), ["Greeter", "GreeterTests"])
    XCTAssertEqual(model.types.first?.kind, .actor)
    XCTAssertEqual(model.functions.map(\.name), ["greet", "local", "testGreets"])
    XCTAssertEqual(model.functions.first?.modifiers, ["distributed"])
  }

  func test_declarationAfterUnknownStatement_isFound() {
    let model = scan("class A {\n  case\n  func h() {}\n}\nlet x = 1; y\nfunc g() {}")
    XCTAssertEqual(model.functions.map(\.name), ["h", "g"])
  }

  func test_propertyWrapper_isAttribute() throws {
    let model = scan(
      """
      final class ListTests: XCTestCase {
        @TearDownProperty var mock: APIMock!
        @Published private var items: [Item] = []
        @Wrapper<Int>(default: 1) var wrapped: Int
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["mock", "items", "wrapped"])
    XCTAssertEqual(model.properties.map { $0.attributes.map(\.name) }, [["TearDownProperty"], ["Published"], ["Wrapper"]])
    XCTAssertEqual(model.properties.map(\.modifiers), [[], ["private"], []])
    XCTAssertEqual(model.properties.map(\.typeAnnotation), ["APIMock!", "[Item]", "Int"])
  }

  func test_multipleBindings_areSeparateProperties() {
    let model = scan(
      """
      class A {
        var a = 1, b = 2
        let c: Int, d: String
        private var e: (Int, Int) = (1, 2), f = [1, 2]
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["a", "b", "c", "d", "e", "f"])
    XCTAssertEqual(model.properties.map(\.typeAnnotation), [nil, nil, "Int", "String", "(Int,Int)", nil])
    XCTAssertEqual(model.properties.map { $0.initializer.map { model.text(tokens: $0) } }, ["1", "2", nil, nil, "(1, 2)", "[1, 2]"])
    XCTAssertEqual(model.properties.map(\.modifiers), [[], [], [], [], ["private"], ["private"]])
  }

  func test_multiLineInitializer_isOneProperty() {
    let model = scan(
      """
      class A {
        let sut = Builder()
          .with(name: "x")
          .build()
        let total = 1 +
          2
        var next = 0
      }
      """)
    XCTAssertEqual(model.properties.map(\.name), ["sut", "total", "next"])
    XCTAssertEqual(model.properties.first?.initializer.map { model.text(tokens: $0) }, "Builder()\n    .with(name: \"x\")\n    .build()")
  }

  func test_localVariables_areNotProperties() {
    let model = scan(
      """
      var global = 1
      func f() {
        let local = 2
        var other: Int { 3 }
      }
      let (x, y) = (1, 2)
      """)
    XCTAssertEqual(model.properties.map(\.name), ["global"])
    XCTAssertEqual(model.properties.map(\.owner), [nil])
  }

  // MARK: Functions

  func test_testAttribute_keepsArguments() throws {
    let model = scan(
      """
      @Suite struct MathTests {
        @Test("adds two numbers", .tags(.fast), arguments: [1, 2])
        func adds(value: Int) async throws {}
      }
      """)
    let function = try XCTUnwrap(model.functions.first)
    XCTAssertEqual(function.name, "adds")
    XCTAssertEqual(function.attributes.map(\.name), ["Test"])
    let arguments = try XCTUnwrap(function.attributes.first?.arguments)
    XCTAssertEqual(model.text(tokens: arguments), #""adds two numbers", .tags(.fast), arguments: [1, 2]"#)
    XCTAssertTrue(function.hasAttribute("Test"), "@Test is found")
    XCTAssertEqual(function.owner, 0)
    XCTAssertEqual(model.types.first?.attributes.map(\.name), ["Suite"])
  }

  func test_qualifiedAttribute_keepsModule() throws {
    let model = scan("@Testing.Test func t() {}")
    let function = try XCTUnwrap(model.functions.first)
    XCTAssertEqual(function.attributes.map(\.name), ["Testing.Test"])
    XCTAssertTrue(function.hasAttribute("Test"), "a module-qualified attribute matches its name")
  }

  func test_functionModifiers_areRecorded() {
    let model = scan(
      """
      class A: B {
        override public func viewDidLoad() {}
        @objc private static func helper() {}
        class func make() -> A { A() }
        nonisolated(unsafe) mutating func m() {}
      }
      """)
    XCTAssertEqual(model.functions.map(\.name), ["viewDidLoad", "helper", "make", "m"])
    XCTAssertEqual(model.functions.map(\.modifiers), [["override", "public"], ["private", "static"], ["class"], ["nonisolated", "mutating"]])
    XCTAssertEqual(model.functions[1].attributes.map(\.name), ["objc"])
  }

  func test_parameters_recordLabelsTypesWithoutDefaults() throws {
    let model = scan(
      """
      func configure(_ first: Int, with second: String = "x, y", third: [Int: String] = [:],
                     handler: @escaping (Int, String) -> Void = { _, _ in }, rest: Int...,
                     map: Dictionary<String, Int> = .init(), `in` value: inout Int) {}
      """)
    let function = try XCTUnwrap(model.functions.first)
    XCTAssertEqual(function.parameters.map(\.label), ["_", "with", nil, nil, nil, nil, "in"])
    XCTAssertEqual(function.parameters.map(\.name), ["first", "second", "third", "handler", "rest", "map", "value"])
    XCTAssertEqual(
      function.parameters.map(\.type),
      ["Int", "String", "[Int:String]", "@escaping(Int,String)->Void", "Int...", "Dictionary<String,Int>", "inout Int"])
  }

  func test_effects_areRecorded() {
    let model = scan(
      """
      func a() async {}
      func b() throws {}
      func c(_ f: () throws -> Void) rethrows {}
      func d() async throws(LoadError) -> Int { 1 }
      func e() {}
      """)
    XCTAssertEqual(model.functions.map(\.isAsync), [true, false, false, true, false])
    XCTAssertEqual(model.functions.map(\.isThrows), [false, true, true, true, false])
    XCTAssertEqual(model.functions.map(\.isRethrows), [false, false, true, false, false])
    XCTAssertEqual(model.functions.map(\.returnType), [nil, nil, nil, "Int", nil])
  }

  func test_returnTypes_areRecorded() {
    let model = scan(
      """
      func a() -> Result<Int, Error> { .success(1) }
      func b() -> (Int) -> Void { { _ in } }
      func c<T>() -> [T]? where T: Equatable { nil }
      func d() -> some View { Text("") }
      """)
    XCTAssertEqual(model.functions.map(\.returnType), ["Result<Int,Error>", "(Int)->Void", "[T]?", "some View"])
  }

  func test_multiLineSignature_findsBody() throws {
    let model = scan(
      """
      func make(
        a: Int,
        b: Int
      ) async throws
        -> Int
      {
        run()
        return a
      }
      func next() {}
      """)
    XCTAssertEqual(model.functions.map(\.name), ["make", "next"])
    let function = try XCTUnwrap(model.functions.first)
    XCTAssertEqual(function.parameters.map(\.name), ["a", "b"])
    XCTAssertEqual(function.returnType, "Int")
    XCTAssertTrue(function.isAsync && function.isThrows, "effects on a continuation line count")
    XCTAssertEqual(function.body.map { model.text(tokens: $0) }, "{\n  run()\n  return a\n}")
    XCTAssertEqual(model.calls.map(\.name), ["run"])
  }

  func test_initializersAndDeinit_areFunctions() {
    let model = scan(
      """
      final class A: NSObject {
        init?(value: Int) {}
        required init!(coder: NSCoder) { super.init() }
        convenience init() { self.init(value: 1)! }
        deinit { cleanUp() }
        subscript(index: Int) -> Int { index }
      }
      """)
    XCTAssertEqual(model.functions.map(\.kind), [.initializer, .initializer, .initializer, .deinitializer, .subscript])
    XCTAssertEqual(model.functions.map(\.name), ["init", "init", "init", "deinit", "subscript"])
    XCTAssertEqual(model.functions.map(\.parameters.count), [1, 1, 0, 0, 1])
    XCTAssertEqual(model.functions[1].modifiers, ["required"])
    XCTAssertEqual(model.functions[4].returnType, "Int")
    XCTAssertEqual(model.calls.map(\.path), [["super", "init"], ["self", "init"], ["cleanUp"]])
  }

  func test_operatorFunction_isNamedBySymbol() {
    let model = scan(
      """
      struct Money: Equatable {
        static func == (lhs: Money, rhs: Money) -> Bool { lhs.cents == rhs.cents }
        static func +(lhs: Money, rhs: Money) -> Money { Money() }
        prefix static func -(value: Money) -> Money { value }
      }
      """)
    XCTAssertEqual(model.functions.map(\.name), ["==", "+", "-"])
    XCTAssertEqual(model.functions.map(\.modifiers), [["static"], ["static"], ["prefix", "static"]])
    XCTAssertEqual(model.functions.map(\.parameters.count), [2, 2, 1])
  }

  func test_backtickedFunctionName_dropsBackticks() {
    let model = scan("func `test something works`() {}\nfunc `default`() {}")
    XCTAssertEqual(model.functions.map(\.name), ["test something works", "default"])
  }

  func test_protocolRequirements_haveNoBody() {
    let model = scan(
      """
      protocol Loading {
        func load() async throws -> Data
        init(url: URL)
        var isLoading: Bool { get }
        func cancel()
      }
      """)
    XCTAssertEqual(model.functions.map(\.name), ["load", "init", "cancel"])
    XCTAssertEqual(model.functions.map { $0.body == nil }, [true, true, true])
    XCTAssertEqual(model.functions.first?.returnType, "Data")
    XCTAssertEqual(model.properties.map(\.name), ["isLoading"])
  }

  func test_localFunctions_belongToOuter() {
    let model = scan(
      """
      func outer() {
        func inner() { helper() }
        inner()
      }
      """)
    XCTAssertEqual(model.functions.map(\.name), ["outer"])
    XCTAssertEqual(model.calls.map(\.name), ["helper", "inner"])
    XCTAssertEqual(model.functions.first?.calls, 0..<2)
  }

  // MARK: Calls

  func test_calleePaths_areDotted() {
    let calls = scanCalls(
      """
      XCTAssertEqual(a, b)
      api.mock(with: 1)
      self.presenter.viewIsReady()
      a?.b()
      c!.d()
      Foo.Bar.make()
      """)
    XCTAssertEqual(calls.map(\.path), [["XCTAssertEqual"], ["api", "mock"], ["self", "presenter", "viewIsReady"], ["a", "b"], ["c", "d"], ["Foo", "Bar", "make"]])
    XCTAssertEqual(calls.map(\.hasExpressionBase), [false, false, false, false, false, false])
    XCTAssertEqual(calls.map(\.receiver), [nil, "api", "presenter", "a", "c", "Bar"])
  }

  func test_callAfterCall_hasExpressionBase() {
    let calls = scanCalls("foo().bar()\nitems[0].load()\n\"x\".uppercased()")
    XCTAssertEqual(calls.map(\.path), [["foo"], ["bar"], ["load"], ["uppercased"]])
    XCTAssertEqual(calls.map(\.hasExpressionBase), [false, true, true, true])
  }

  func test_callOnRegexLiteral_hasExpressionBase() {
    let calls = scanCalls("let m = /[a-z]+/.firstMatch(in: s)\nlet n = #/x/#.wholeMatch(in: s)")
    XCTAssertEqual(calls.map(\.path), [["firstMatch"], ["wholeMatch"]])
    XCTAssertEqual(calls.map(\.hasExpressionBase), [true, true])
    XCTAssertEqual(calls.map(\.isImplicitMember), [false, false])
  }

  func test_chainAcrossLines_keepsReceiver() {
    let calls = scanCalls("sut\n  .load()\nbuilder\n  .make()\n  .run()")
    XCTAssertEqual(calls.map(\.path), [["sut", "load"], ["builder", "make"], ["run"]])
    XCTAssertEqual(calls.map(\.hasExpressionBase), [false, false, true])
    XCTAssertEqual(calls.map(\.isImplicitMember), [false, false, false])
  }

  func test_implicitMember_isFlagged() {
    let calls = scanCalls("let value: Foo = .make()\nrun(.init(x: 1), .custom(2))")
    XCTAssertEqual(calls.map(\.path), [["make"], ["run"], ["init"], ["custom"]])
    XCTAssertEqual(calls.map(\.isImplicitMember), [true, false, true, true])
  }

  func test_genericCall_isCall() {
    let calls = scanCalls("let a = make<Foo>()\nlet b = container.resolve<Service<Int>>(name: \"x\")\nlet c = x < y")
    XCTAssertEqual(calls.map(\.path), [["make"], ["container", "resolve"]])
    XCTAssertEqual(calls.last?.labels, ["name"])
  }

  func test_genericTypeWithTrailingClosure_isCall() {
    let calls = scanCalls(
      "let job = Task<Void, Error> { try await work() }\nvar total: Set<Int> { [] }\nif x is Array<Int> { go() }")
    XCTAssertEqual(calls.map(\.path), [["Task"], ["work"], ["go"]])
    XCTAssertEqual(calls.first?.trailingClosures.count, 1)
  }

  func test_argumentLabels_areRead() throws {
    let calls = scanCalls(#"XCTAssertEqual(sut.title, "Hello, (world)", "title", file: file, line: line)"#)
    let call = try XCTUnwrap(calls.first)
    XCTAssertEqual(call.labels, [nil, nil, nil, "file", "line"])
    XCTAssertEqual(call.arguments.count, 5)
    XCTAssertEqual(calls.count, 1)
  }

  func test_argumentValue_excludesLabel() throws {
    let model = scan("func f() { check(value: a + b, [1, 2]) }")
    let call = try XCTUnwrap(model.calls.first)
    XCTAssertEqual(call.arguments.map { model.text(tokens: $0.value) }, ["a + b", "[1, 2]"])
    XCTAssertEqual(call.arguments.map { model.text(tokens: $0.tokens) }, ["value: a + b", "[1, 2]"])
    XCTAssertEqual(call.parentheses.map { model.text(tokens: $0) }, "(value: a + b, [1, 2])")
  }

  func test_callArguments_areEachCallsOwnFromIndexZero() {
    // Every call's arguments and closures are a view of one array per file: each call must see
    // only its own, counted from 0, however the calls nest.
    let model = scan("func f() { outer(a: inner(1, 2), b: 3) { x in } label: { y in }\n after(c: 4) }")
    XCTAssertEqual(model.calls.map(\.name), ["outer", "inner", "after"])
    XCTAssertEqual(model.calls.map { $0.arguments.map { model.text(tokens: $0.value) } }, [["inner(1, 2)", "3"], ["1", "2"], ["4"]])
    XCTAssertEqual(model.calls.map(\.labels), [["a", "b"], [nil, nil], ["c"]])
    XCTAssertEqual(model.calls[0].arguments[1].label, "b")
    XCTAssertEqual(model.calls[1].arguments.indices, 0..<2)
    XCTAssertEqual(model.calls.map { $0.trailingClosures.map(\.label) }, [[nil, "label"], [], []])
    XCTAssertEqual(model.calls[0].trailingClosures.last.map { model.text(tokens: $0.tokens) }, "{ y in }")
  }

  func test_trailingClosure_isRecorded() throws {
    let model = scan("func f() { items.forEach { item in handle(item) } }")
    XCTAssertEqual(model.calls.map(\.path), [["items", "forEach"], ["handle"]])
    let call = model.calls[0]
    XCTAssertNil(call.parentheses, "no parentheses")
    XCTAssertEqual(call.arguments.count, 0)
    XCTAssertEqual(call.trailingClosures.map(\.label), [nil])
    XCTAssertEqual(call.trailingClosures.first.map { model.text(tokens: $0.tokens) }, "{ item in handle(item) }")
    XCTAssertEqual(model.calls[1].parent, 0)
  }

  func test_multipleTrailingClosures_keepLabels() {
    let model = scan(
      """
      func f() {
        UIView.animate(withDuration: 0.3) {
          fadeIn()
        } completion: { _ in
          finish()
        }
        after()
      }
      """)
    XCTAssertEqual(model.calls.map(\.name), ["animate", "fadeIn", "finish", "after"])
    XCTAssertEqual(model.calls[0].trailingClosures.map(\.label), [nil, "completion"])
    XCTAssertEqual(model.calls[0].labels, ["withDuration"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, 0, 0, nil])
  }

  func test_macroExpansion_isMacroCall() {
    let calls = scanCalls("#expect(x == 1)\ntry #require(value)\nlet line = #line")
    XCTAssertEqual(calls.map(\.path), [["#expect"], ["#require"]])
    XCTAssertEqual(calls.map(\.isMacro), [true, true])
  }

  func test_nestedSpecCalls_recordParents() {
    let model = scan(
      """
      final class CartSpec: QuickSpec {
        override class func spec() {
          describe("a cart") {
            beforeEach { cart = Cart() }
            it("starts empty") {
              expect(cart.items).to(beEmpty())
            }
          }
        }
      }
      """)
    XCTAssertEqual(model.calls.map(\.name), ["describe", "beforeEach", "Cart", "it", "expect", "to", "beEmpty"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, 0, 1, 0, 3, 3, 5])
    XCTAssertEqual(model.calls[5].hasExpressionBase, true)
    XCTAssertEqual(model.functions.first?.modifiers, ["override", "class"])
  }

  func test_statementHeaders_areNotCalls() {
    let calls = scanCalls(
      """
      if ready { a() }
      if let value = optional, value.isEmpty { a() }
      guard let value = optional else { return }
      guard case .some(let inner) = wrapped else { fatal() }
      while running { b() }
      for item in items { c(item) }
      for try await line in handle.lines { c(line) }
      switch mode { case .x: d() default: break }
      do { try e() } catch { f() }
      do { try e() } catch let error as LoadError { f(error) }
      repeat { h() } while again
      if x == compute() { a() }
      """)
    XCTAssertEqual(calls.map(\.name), ["a", "a", "fatal", "b", "c", "c", "d", "e", "f", "e", "f", "h", "compute", "a"])
  }

  func test_localDeclarations_areNotCalls() {
    let calls = scanCalls(
      """
      func local() { g() }
      struct Local: Base { init(x: Int) { h() } }
      class Helper { var value: Int { get { 1 } set { i() } } }
      enum Mode { case a(Int) }
      let closure = { j() }
      """)
    XCTAssertEqual(calls.map(\.name), ["g", "h", "i", "j"])
  }

  func test_enumCasePatterns_areNotCalls() {
    let calls = scanCalls(
      """
      switch result {
      case .success(let value): use(value)
      case let .failure(error): report(error)
      case .other: break
      }
      if case .loaded(let items) = state { show(items) }
      switch event {
      case Event.assertionFailed(let message): log(message)
      case let Event.verified(id): keep(id)
      default: break
      }
      if case Action.check(let value) = action { note(value) }
      """)
    // A pattern's case named like a check is no call to it (no assertion for missing_assertion).
    XCTAssertEqual(calls.map(\.name), ["use", "report", "show", "log", "keep", "note"])
  }

  func test_whereClauseOnLinesOfItsOwn_keepsTheBody() {
    // isowords' snapshot helper: `where` alone on its line, one requirement a line, `{` below.
    let model = scan(
      """
      func assertShots<Description, Content>(
        for view: Content
      )
      where
        Content: View,
        Description: View &
          Sendable
      {
        assertSnapshot(matching: view)
      }
      protocol Store {
        func load<T>() where T: Decodable
        func save()
      }
      """)
    XCTAssertEqual(model.functions.map(\.name), ["assertShots", "load", "save"])
    XCTAssertNotNil(model.functions.first?.body)
    XCTAssertEqual(model.calls.map(\.name), ["assertSnapshot"])
    XCTAssertNil(model.functions[1].body)
  }

  func test_computedLocalVariable_isNotCall() {
    let calls = scanCalls("var total: Int { compute() }\nlazy var cache: [Int] = { load() }()")
    XCTAssertEqual(calls.map(\.name), ["compute", "load"])
  }

  func test_trailingClosureOnNextLine_isAttached() {
    // `swiftc -dump-parse` reads this as `prepare() { run() }` called with `()`.
    let model = scan("func f() {\n  prepare()\n  {\n    run()\n  }()\n}")
    XCTAssertEqual(model.calls.map(\.name), ["prepare", "run"])
    XCTAssertEqual(model.calls.first?.trailingClosures.count, 1)
  }

  func test_keywordAsMemberName_opensNoBlock() {
    // After a dot a keyword names a member (`swiftc -dump-parse`: a member reference, no
    // declaration): the next call's `{` is still its trailing closure.
    let model = scan(
      """
      func f() {
        let a: Box = .init(id: 1)
        run { one() }
        let b = Box.init(id: 2)
        run { two() }
        let c: Kind = .class
        run { three() }
        let d: Box = .init { four() }
        run { five() }
      }
      """)
    XCTAssertEqual(model.calls.map(\.name), ["init", "run", "one", "init", "run", "two", "run", "three", "init", "four", "run", "five"])
    XCTAssertEqual(model.calls.map(\.trailingClosures.count), [0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0])
  }

  func test_callFunctionIndex_pointsAtEnclosing() {
    let model = scan("class A {\n  func one() { x() }\n  func two() { y(); z() }\n}")
    XCTAssertEqual(model.calls.map(\.function), [0, 1, 1])
    XCTAssertEqual(model.functions.map(\.calls), [0..<1, 1..<3])
  }

  // MARK: Assignments

  func test_assignments_areRecorded() {
    let model = scan(
      """
      final class PresenterTests: XCTestCase {
        override func setUp() {
          super.setUp()
          presenter = Presenter(view: view)
          self.interactor = InteractorMock()
          sut.view.delegate = nil
          let local = 1
          var other = 2
          if case let x = y {}
          count += 1
          let same = a == b
          other = local
        }
      }
      """)
    XCTAssertEqual(model.assignments.map(\.target), [["presenter"], ["self", "interactor"], ["sut", "view", "delegate"], ["other"]])
    XCTAssertEqual(model.assignments.map(\.memberName), ["presenter", "interactor", nil, "other"])
    XCTAssertEqual(model.assignments.map { model.text(tokens: $0.value) }, ["Presenter(view: view)", "InteractorMock()", "nil", "local"])
    XCTAssertEqual(model.functions.first?.assignments, 0..<4)
  }

  func test_assignmentThroughExpression_isNotPlainPath() {
    let model = scan(
      """
      func f() {
        a.b[1].c = 2
        a?.b = c
        items[0] = 1
        make().value = 3
        (x, y) = (1, 2)
        sut.value = 4
      }
      """)
    XCTAssertEqual(model.assignments.map(\.target), [["sut", "value"]])
  }

  func test_ternaryAssignment_spansLines() {
    let model = scan("func f() {\n  value = flag\n    ? one\n    : two\n  next()\n}")
    XCTAssertEqual(model.assignments.map { model.text(tokens: $0.value) }, ["flag\n    ? one\n    : two"])
    XCTAssertEqual(model.calls.map(\.name), ["next"])
  }

  // MARK: Imports

  func test_imports_recordModules() {
    let model = scan(
      """
      import XCTest
      @testable import App
      import struct Foundation.Date
      @_exported import Shared.Utilities
      import Foundation; import Combine
      """)
    XCTAssertEqual(model.imports.map(\.module), ["XCTest", "App", "Foundation.Date", "Shared.Utilities", "Foundation", "Combine"])
    XCTAssertEqual(model.imports.map { model.source.position(of: $0.offset).line }, [1, 2, 3, 4, 5, 5])
  }

  // MARK: #if

  func test_balancedConditionalBranches_areAllKept() {
    let model = scan(
      """
      final class A: XCTestCase {
      #if DEBUG
        func test_debug_runs() {}
      #elseif os(Linux)
        func test_linux_runs() {}
      #else
        func test_release_runs() {}
      #endif
        func test_always_runs() {}
      }
      """)
    XCTAssertEqual(model.functions.map(\.name), ["test_debug_runs", "test_linux_runs", "test_release_runs", "test_always_runs"])
    XCTAssertEqual(model.functions.map(\.owner), [0, 0, 0, 0])
  }

  func test_unbalancedConditionalBranches_keepFirst() throws {
    let model = scan(
      """
      #if canImport(UIKit)
      final class ScreenTests: UIBaseTestCase {
      #else
      final class ScreenTests: BaseTestCase {
      #endif
        func test_screen_loads() {}
      }
      func after() {}
      """)
    XCTAssertEqual(model.types.map(\.name), ["ScreenTests"])
    XCTAssertEqual(model.types.first?.inheritance, ["UIBaseTestCase"])
    XCTAssertEqual(model.functions.map(\.name), ["test_screen_loads", "after"])
    XCTAssertEqual(model.functions.map(\.owner), [0, nil])
  }

  func test_conditionInsideBody_keepsCalls() {
    let calls = scanCalls("#if DEBUG\nlog()\n#else\nsend()\n#endif\nfinish()")
    XCTAssertEqual(calls.map(\.name), ["log", "send", "finish"])
  }

  func test_nestedConditionalGroups_keepStructure() {
    let model = scan(
      """
      #if os(iOS)
      #if DEBUG
      class A: B {
      #else
      class A: C {
      #endif
      #else
      class A: D {
      #endif
        func f() {}
      }
      """)
    XCTAssertEqual(model.types.map(\.inheritance), [["B"]])
    XCTAssertEqual(model.functions.map(\.owner), [0])
  }

  func test_droppedBranchHoldingDirectives_keepsTheOtherTokensInOrder() {
    let source = SourceFile(
      path: "a.swift",
      text: """
        a
        #if X
        b {
        #else
        #if Y
        c {
        #else
        d {
        #endif
        #endif
        e }
        #if Z
        f
        #endif
        g
        """)
    let lexed = Lexer.lex(source)
    let tokens = Preprocessor.resolve(lexed.tokens, source: source, mayHaveDirectives: lexed.mayHaveDirectives)
    XCTAssertEqual(tokens.map { source.text($0.range) }, ["a", "b", "{", "e", "}", "f", "g"])
  }

  func test_codeAfterElseOnItsLine_startsALine() {
    let source = SourceFile(path: "a.swift", text: "#if X\na\n#else b\n#endif\nc")
    let lexed = Lexer.lex(source)
    let tokens = Preprocessor.resolve(lexed.tokens, source: source, mayHaveDirectives: lexed.mayHaveDirectives)
    XCTAssertEqual(tokens.map { source.text($0.range) }, ["a", "b", "c"])
    XCTAssertEqual(tokens.map(\.isAtLineStart), [true, true, true])
  }

  // MARK: Line endings

  func test_crlfFile_scansLikeLF() {
    let lf = """
      import XCTest
      final class A: XCTestCase {
        var presenter: Presenter!
        let total = 1 +
          2
        func test_a_works() {
          presenter = Presenter()
          XCTAssertEqual(total, 3)
        }
      }
      """
    let crlf = scan(lf.replacingOccurrences(of: "\n", with: "\r\n"))
    let plain = scan(lf)
    XCTAssertEqual(crlf.imports.map(\.module), ["XCTest"])
    XCTAssertEqual(crlf.properties.map(\.name), plain.properties.map(\.name))
    XCTAssertEqual(crlf.properties.map(\.typeAnnotation), ["Presenter!", nil])
    XCTAssertEqual(crlf.functions.map(\.name), ["test_a_works"])
    XCTAssertEqual(crlf.calls.map(\.path), plain.calls.map(\.path))
    XCTAssertEqual(crlf.assignments.map(\.target), [["presenter"]])
    XCTAssertEqual(crlf.functions.map { crlf.source.position(of: $0.nameOffset).line }, [6])
  }

  // MARK: Declarations-only pass

  func test_scanWithoutBodies_skipsCalls() {
    let model = Scanner.scan(SourceFile(path: "a.swift", text: "class A { func f() { g() } }"), bodies: false)
    XCTAssertEqual(model.functions.map(\.name), ["f"])
    XCTAssertEqual(model.calls.count, 0)
  }

  // MARK: Test discovery

  func test_inheritedTestCase_acrossFiles_isDiscovered() {
    let tests = scan(
      """
      final class FooTests: PersistenceTestCase {
        func test_save_persists() {}
        func helper() {}
      }
      extension FooTests {
        func test_load_reads() async throws {}
        func test_count_isZero() -> Void {}
      }
      """)
    let base = scan(
      """
      import XCTest
      class PersistenceTestCase: XCTestCase {
        func test_base_runs() {}
      }
      """)
    XCTAssertEqual(discover([tests, base], in: tests), ["FooTests.test_save_persists", "FooTests.test_load_reads", "FooTests.test_count_isZero"])
    XCTAssertEqual(discover([tests, base], in: base), ["PersistenceTestCase.test_base_runs"])
    XCTAssertEqual(discover([tests], in: tests), [], "without the base class's file FooTests is not a test case")
  }

  func test_classHierarchy_isTransitive() {
    var hierarchy = ClassHierarchy()
    hierarchy.add(scan("class A: XCTestCase {}\nclass C: B {}\nclass Other: NSObject {}"))
    var second = ClassHierarchy()
    second.add(scan("class B: A, Sendable {}\nclass D<T>: Base<T> {}"))
    hierarchy.merge(second)
    XCTAssertEqual(hierarchy.testCaseClasses(roots: ["XCTestCase"]), ["XCTestCase", "A", "B", "C"])
    XCTAssertEqual(hierarchy.superclasses["D"], ["Base"])
  }

  func test_classHierarchy_nameDeclaredTwice_keepsBothSuperclasses() {
    var hierarchy = ClassHierarchy()
    hierarchy.add(scan("class A: NSObject {}\nclass A: XCTestCase {}\nclass A: NSObject {}\nclass B: A {}"))
    XCTAssertEqual(hierarchy.superclasses["A"], ["NSObject", "XCTestCase"])
    XCTAssertEqual(hierarchy.testCaseClasses(roots: ["XCTestCase"]), ["XCTestCase", "A", "B"])
  }

  func test_nonTestMethods_areNotDiscovered() {
    let model = scan(
      """
      import XCTest
      final class ListTests: XCTestCase {
        func test_withParameter_isNoTest(value: Int) {}
        func test_withResult_isNoTest() -> Int { 1 }
        static func test_static_isNoTest() {}
        class func test_classMethod_isNoTest() {}
        private func test_private_isNoTest() {}
        fileprivate func test_filePrivate_isNoTest() {}
        func helperTest() {}
        init() {}
        func test_real_runs() {}
        var test_property: Int { 1 }
      }
      class Helper {
        func test_notInTestCase_isNoTest() {}
      }
      extension XCTestCase {
        func testHelperOnBase() {}
      }
      """)
    XCTAssertEqual(discover([model], in: model), ["ListTests.test_real_runs"])
  }

  func test_swiftTestingTests_areDiscovered() {
    let model = scan(
      """
      import Testing
      @Test func freeFunction() {}
      @Suite struct Arithmetic {
        @Test("adds") func adds() {}
        func helper() {}
        @Test(arguments: [1, 2]) func parameterised(value: Int) {}
      }
      struct Plain {
        @Testing.Test func qualified() async throws {}
      }
      """)
    XCTAssertEqual(discover([model], in: model), ["freeFunction", "Arithmetic.adds", "Arithmetic.parameterised", "Plain.qualified"])
    let frameworks = TestDiscovery(testCaseClasses: []).tests(in: model).map(\.framework)
    XCTAssertEqual(frameworks, [.swiftTesting, .swiftTesting, .swiftTesting, .swiftTesting])
  }

  func test_moduleSelectors_testsAreDiscovered() {
    // `Module::name` (swiftc's module selectors): the extension is of `Widget`, the attribute
    // is `Test`, the base class `XCTestCase`.
    let model = scan(
      """
      extension main::Widget {
        @Testing::Test func rendersTitle() {}
        @Suite struct Nested { @Test func nestedWorks() {} }
      }
      final class SelectorTests: XCTest::XCTestCase {
        func test_selector_runs() { XCTAssertEqual(Swift::max(1, 2), 2) }
      }
      """)
    XCTAssertEqual(model.types.map(\.name), ["Widget", "Nested", "SelectorTests"])
    XCTAssertEqual(model.types.last?.inheritance, ["XCTestCase"])
    XCTAssertEqual(
      discover([model], in: model),
      ["Widget.rendersTitle", "Widget.Nested.nestedWorks", "SelectorTests.test_selector_runs"])
  }
}

extension ScannerTests {
  func test_callPaths_spelledAgain_readAsWhenSpelledOnce() {
    // Paths the file spells more than once are made once and shared: each must still be what
    // the same line gives alone (where nothing is shared). Long names and long paths, optional
    // chaining, backticks, macros, and more distinct paths than the table has slots.
    let longPath = (0..<14).map { "segment\($0)" }.joined(separator: ".") + ".call"
    var lines = [
      "sut.load()", "self.presenter?.viewIsReady()", "a!.b.c()", "`default`.run()", "a .b()", "a\n  .b()",
      "viewModel.didTapContinueButtonWithSomething()", "XCTAssertEqualWithAccuracy(a, b, 1)", "\(longPath)()",
      "#expect(x)", "Foo.bar()", "foo().bar()", ".make()", "self.a?.b!.c()",
    ]
    lines += (0..<600).map { "p\($0 % 300).q\($0 % 7)()" }
    lines += lines.reversed()
    let together = scanCalls(lines.joined(separator: "\n"))
    let alone = lines.flatMap { scanCalls($0) }
    XCTAssertEqual(together.count, alone.count)
    XCTAssertEqual(together.map(\.path), alone.map(\.path))
    XCTAssertEqual(together.map(\.hasExpressionBase), alone.map(\.hasExpressionBase))
    XCTAssertEqual(together.map(\.isImplicitMember), alone.map(\.isImplicitMember))
    XCTAssertEqual(together.first { $0.name == "call" }?.path.count, 15)
  }
}

// MARK: - Helpers

extension ScannerTests {
  fileprivate func scan(_ text: String) -> FileModel {
    Scanner.scan(SourceFile(path: "test.swift", text: text))
  }

  // MARK: Calls inside interpolations

  /// A call inside a string literal's interpolation is a call the function makes, where the
  /// literal is: its name, receiver and labels, inside the call around the literal.
  func test_callInsideInterpolation_isCallAtTheLiteral() throws {
    let model = scan(
      #"""
      func host() {
        log(message: "a \(format(value, style: .short)) b \(name)", level: 1)
        visible()
      }
      """#)
    XCTAssertEqual(model.calls.map(\.name), ["log", "format", "visible"])
    let format = model.calls[1]
    XCTAssertEqual(format.parent, 0)
    XCTAssertEqual(format.labels, [nil, "style"])
    XCTAssertEqual(format.parentheses, nil)
    XCTAssertEqual(model.tokens[format.nameToken].kind, .string)
    XCTAssertTrue(format.arguments.allSatisfy { $0.tokens.isEmpty && $0.value.isEmpty })
    XCTAssertEqual(model.functions.first?.calls, 0..<3)
  }

  /// A literal inside an interpolation, with an interpolation of its own, inside closures and
  /// multi-line and raw literals: read from a worklist, each call inside the one around it.
  func test_callsInsideNestedInterpolations_areRead() {
    let calls = scanCalls(
      ###"""
        print("\(describe("b \(XCTFail("deep"))"))")
        note(#"\#(items.map { item in item.title() })"#)
        let text = """
          \(self.render(page))
          """
        label("\(count) items")
      """###)
    XCTAssertEqual(
      calls.map { $0.path.joined(separator: ".") },
      ["print", "describe", "XCTFail", "note", "items.map", "item.title", "self.render", "label"])
    XCTAssertEqual(calls.map(\.parent), [nil, 0, 1, nil, 3, 4, nil, nil])
  }

  /// The calls found in `body` placed inside a function.
  fileprivate func scanCalls(_ body: String) -> [Call] {
    scan("func host() {\n\(body)\n}").calls
  }

  fileprivate func position(_ model: FileModel, _ offset: Int) -> String {
    let position = model.source.position(of: offset)
    return "\(position.line):\(position.column)"
  }

  /// The qualified names of the tests discovery finds in `model`, given a run of `models`.
  fileprivate func discover(_ models: [FileModel], in model: FileModel) -> [String] {
    var hierarchy = ClassHierarchy()
    for other in models { hierarchy.add(other) }
    let discovery = TestDiscovery(testCaseClasses: hierarchy.testCaseClasses(roots: ["XCTestCase"]))
    return discovery.tests(in: model).map(\.qualifiedName)
  }
}

extension ScannerTests {
  /// A `let` on the line after a force unwrap (`URL(string: s)!`) declares a local: the postfix
  /// `!` ends the statement above (it was read as a `let` inside an expression).
  func test_localAfterForceUnwrapLine_isALocal() {
    let model = Scanner.scan(
      SourceFile(
        path: "test.swift",
        text: """
          func f() {
            let url = URL(string: "file:///a")!
            let request = URLRequest(url: url)
            var count = total!
            let found = a != b
          }
          """))
    XCTAssertEqual(model.locals.map(\.name), ["url", "request", "count", "found"])
  }
}
