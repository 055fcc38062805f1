import TestLintCore
import XCTest

/// `scheduler_advance_after_send`: finding the `when:` closure, its scheduler, and the sends.
final class SchedulerAdvanceAfterSendRuleTests: XCTestCase {
  func test_message_namesClosureScheduler() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        perform(stub: { s in make(s) }, when: { vm, testScheduler in
          vm.send(action: .load)
        }, assert: { states in XCTAssertEqual(states.count, 2) })
      }
      """)
    let findings = RuleLinting.findings(SchedulerAdvanceAfterSendRule.self, source)
    XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["6:8"])
    XCTAssertEqual(
      findings.map(\.message),
      [
        "call 'testScheduler.advance()' after 'send(action:)' and before the next 'send', so the action's events are delivered"
      ])
    XCTAssertEqual(findings.map(\.test), ["SampleTests.test_a_b"])
  }

  func test_parenthesizedAndShorthandSchedulers_count() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        perform(stub: { make($0) }, when: { (_, scheduler) in
          $0.send(action: .load)
          scheduler.advance()
        }, assert: { XCTAssertEqual($0.count, 2) })
        perform(stub: { make($0) }, when: {
          $0.send(action: .load)
          $1.advance(by: .seconds(1))
          $0.send(action: .reload)
          self.scheduler.run()
        }, assert: { XCTAssertEqual($0.count, 3) })
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SchedulerAdvanceAfterSendRule.self, source), [])
  }

  func test_advanceOnViewModel_doesNotCount() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        perform(stub: { make($0) }, when: { viewModel, scheduler in
          viewModel.send(action: .load)
          viewModel.advance()
          viewModel.send(action: .next)
          scheduler.advance()
        }, assert: { XCTAssertEqual($0.count, 2) })
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SchedulerAdvanceAfterSendRule.self, source), ["6:15"])
  }

  func test_labelledTrailingWhen_isChecked() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        perform { scheduler in
          make(scheduler)
        } when: { viewModel, scheduler in
          viewModel.send(action: .load)
          scheduler.advance()
          viewModel.send(action: .close)
        } assert: { states in
          XCTAssertEqual(states.count, 2)
        }
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SchedulerAdvanceAfterSendRule.self, source), ["10:15"])
  }

  func test_otherSendsAndPerforms_areIgnored() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        perform(stub: { make($0) }, when: { viewModel, scheduler in
          viewModel.send(.load)
          viewModel.send(event: .tap)
          scheduler.advance()
        }, assert: { XCTAssertEqual($0.count, 2) })
        perform(stub: Interceptor.load(stubs: [])) { client in
          client.send(action: .ping)
        }
        perform(#selector(tap), with: nil)
        store.send(action: .load)
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SchedulerAdvanceAfterSendRule.self, source), [])
  }

  func test_sendsInStubAndAssert_areIgnored() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        perform(
          stub: { scheduler in
            let viewModel = make(scheduler)
            viewModel.send(action: .prepare)
            return viewModel
          },
          when: { viewModel, scheduler in
            viewModel.send(action: .load)
            scheduler.advance()
          },
          assert: { states in
            relay.send(action: .log)
            XCTAssertEqual(states.count, 2)
          }
        )
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SchedulerAdvanceAfterSendRule.self, source), [])
  }
}
