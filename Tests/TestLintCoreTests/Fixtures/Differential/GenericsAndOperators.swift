import Foundation

infix operator <~> : ComparisonPrecedence

precedencegroup PipePrecedence {
  associativity: left
  higherThan: AssignmentPrecedence
}

infix operator |> : PipePrecedence

protocol Repository<Entity>: AnyObject {
  associatedtype Entity: Identifiable
  var count: Int { get }
  func fetch(id: Entity.ID) async throws -> Entity?
  func save(_ entity: Entity) throws
  init(store: Store)
  subscript(index: Int) -> Entity { get }
}

struct Money: Hashable, Comparable, Sendable {
  var cents: Int

  init(cents: Int) { self.cents = cents }
  init?(text: String) {
    guard let value = Int(text) else { return nil }
    cents = value
  }

  static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
  static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
  static prefix func - (value: Money) -> Money { Money(cents: -value.cents) }
  static func <~> (lhs: Money, rhs: Money) -> Bool { abs(lhs.cents - rhs.cents) < 5 }
}

func |> <A, B>(value: A, transform: (A) throws -> B) rethrows -> B {
  try transform(value)
}

final class InMemoryRepository<Entity: Identifiable & Sendable>: Repository, @unchecked Sendable
where Entity.ID: Hashable {
  private var storage: [Entity.ID: Entity] = [:] {
    didSet { version += 1 }
  }
  private(set) var version = 0
  var count: Int { storage.count }

  required init(store: Store) {}

  func fetch(id: Entity.ID) async throws -> Entity? { storage[id] }

  func save(_ entity: Entity) throws {
    storage[entity.id] = entity
  }

  subscript(index: Int) -> Entity {
    Array(storage.values)[index]
  }

  subscript<Key: Hashable>(key key: Key, default value: @autoclosure () -> Entity) -> Entity {
    get { value() }
  }

  deinit {
    storage.removeAll()
  }

  enum Change: Equatable {
    case inserted(Entity.ID)
    case removed(Entity.ID, reason: String = "")

    var isInsert: Bool {
      if case .inserted = self { return true }
      return false
    }

    static func == (lhs: Change, rhs: Change) -> Bool { String(describing: lhs) == String(describing: rhs) }
  }

  struct Snapshot<Value>: Sequence where Value: Equatable {
    var values: [Value]
    func makeIterator() -> IndexingIterator<[Value]> { values.makeIterator() }
  }
}

extension InMemoryRepository where Entity: CustomStringConvertible {
  func describeAll() -> [String] { storage.values.map(\.description) }
}

extension InMemoryRepository.Snapshot {
  var isEmpty: Bool { values.isEmpty }
  func first(where predicate: (Value) throws -> Bool) rethrows -> Value? {
    try values.first(where: predicate)
  }
}

extension Array where Element == Money {
  func total() -> Money { reduce(Money(cents: 0), +) }
}

indirect enum Expression<T: Numeric> {
  case value(T)
  case sum(Expression, Expression)

  func evaluate() -> T {
    switch self {
    case .value(let value): return value
    case let .sum(lhs, rhs): return lhs.evaluate() + rhs.evaluate()
    }
  }
}

@propertyWrapper
struct Clamped<Value: Comparable> {
  private var value: Value
  let range: ClosedRange<Value>

  var wrappedValue: Value {
    get { value }
    set { value = min(max(newValue, range.lowerBound), range.upperBound) }
  }

  init(wrappedValue: Value, _ range: ClosedRange<Value>) {
    self.range = range
    value = min(max(wrappedValue, range.lowerBound), range.upperBound)
  }
}

struct Volume {
  @Clamped(0...10) var level: Int = 5
  static let `default` = Volume()
  func louder(by step: Int = 1) -> Volume { var copy = self; copy.level += step; return copy }
}

extension [Money] {
  func sortedByValue() -> [Money] { sorted() }
}

extension Money? {
  var orZero: Money { self ?? Money(cents: 0) }
  func describe() -> String { "\(String(describing: self))" }
}

extension Dictionary<String, [Money]>.Keys {
  func joined() -> String { sorted().joined(separator: ",") }
}

infix operator ≈ : ComparisonPrecedence

struct Matrix {
  typealias Row = (Double, Double) -> Void
  static subscript(identity size: Int) -> Matrix { Matrix() }
  init<S: Sequence>(rows: S) where S.Element == [Double] {}
  init() {}
  static func ≈ (lhs: Matrix, rhs: Matrix) -> Bool { true }
  func transposed()
    -> Matrix
  {
    self
  }
}
