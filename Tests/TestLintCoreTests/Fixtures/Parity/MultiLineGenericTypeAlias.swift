// Parity fixture: a typealias whose generic arguments span lines. The `>` alone on its line
// closes them; the declarations after it belong to the file, not to the typealias.
import Testing

struct Counter {
  struct State: Equatable { var count = 0 }
  enum Action { case increment }
}

struct Harness<State, Action> {
  var state: State
}

typealias CounterHarness = Harness<
  Counter.State,
  Counter.Action
>

@Suite struct CounterTests {
  @Test func startsAtZero() {
    #expect(Counter.State().count == 0)
  }

  @Test func holdsItsState() {
    let harness = CounterHarness(state: .init(count: 2))
    #expect(harness.state.count == 2)
  }
}

typealias Pairs<Key: Hashable> = Dictionary<
  Key, [Key]
>

extension CounterTests {
  @Test func pairsAreEmpty() {
    #expect(Pairs<Int>().isEmpty)
  }
}
