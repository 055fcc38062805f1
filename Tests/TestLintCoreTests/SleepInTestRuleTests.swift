import TestLintCore
import XCTest

/// `sleep_in_test`: what waits for real time, where it is looked for, what it says.
final class SleepInTestRuleTests: XCTestCase {
  func test_eachWait_namesItself() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        sleep(1)
        usleep(10)
        Darwin.sleep(1)
        Thread.sleep(forTimeInterval: 0.1)
        try await Task.sleep(for: .seconds(1))
        RunLoop.current.run(until: Date() + 1)
        RunLoop.main.run(mode: .default, before: .distantFuture)
        queue.asyncAfter(deadline: .now() + 1) {}
        XCTAssertTrue(true)
      }
      """)
    let messages = RuleLinting.findings(SleepInTestRule.self, source).map(\.message)
    let spellings = [
      "sleep(...)", "usleep(...)", "sleep(...)", "Thread.sleep", "Task.sleep",
      "RunLoop.current.run",
      "RunLoop.main.run", "asyncAfter",
    ]
    XCTAssertEqual(
      messages,
      spellings.map {
        "advance a 'TestScheduler' or await an expectation instead of waiting with '\($0)'"
      })
  }

  func test_helperPollingItsConditionParameterWithABound_passesWhateverItsNames() {
    let source = RuleLinting.xctest(
      """
      func test_connect_connects() {
        wait_for(t: 5) { self.client.isConnected }
        retry { self.client.isReady }
        settle { self.client.isIdle }
        XCTAssertTrue(client.isConnected)
      }
      func wait_for(t: Int = 10, _ fun: @escaping () -> Bool) {
        let done = XCTestExpectation(description: "connected")
        Thread {
          while true {
            usleep(1000)
            guard fun() else { continue }
            done.fulfill()
            break
          }
        }.start()
        wait(for: [done], timeout: TimeInterval(t))
      }
      func retry(_ ok: () -> Bool) {
        for _ in 0..<10 {
          if ok() { return }
          usleep(1000)
        }
      }
      func settle(_ check: () -> Bool) {
        while true {
          usleep(1000)
          if check() { break }
        }
      }
      """)
    XCTAssertEqual(RuleLinting.findings(SleepInTestRule.self, source).map(\.line), [30])
  }

  /// A helper that repeats by calling itself polls as a loop does when it calls its condition
  /// and waits with a `timeout:`; without the timeout, or without calling the condition, its
  /// pause is reported.
  /// A helper named `wait` that calls XCTest's `wait(for:timeout:)` does not call itself: its
  /// pause is reported.
  func test_helperCallingAnotherFunctionOfItsName_isNoRecursion() {
    let source = RuleLinting.xctest(
      """
      func test_sync_finishes() {
        wait { self.store.isIdle }
      }
      func wait(_ holds: @escaping () -> Bool) {
        let met = expectation(description: "idle")
        Thread.sleep(forTimeInterval: 0.01)
        if holds() { met.fulfill() }
        wait(for: [met], timeout: 2)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(SleepInTestRule.self, source).count, 1)
  }

  func test_helperPollingByCallingItself_passesWithATimeout() {
    let source = RuleLinting.xctest(
      """
      func test_sync_finishes() async {
        await until("synced") { self.store.isSynced }
        await again { self.store.isIdle }
        await pace { self.store.isIdle }
      }
      func until(_ name: String, _ holds: @escaping () -> Bool) async {
        let met = expectation(description: name)
        if holds() { met.fulfill() } else {
          try? await Task.sleep(nanoseconds: 5_000_000)
          Task { await self.until(name, holds); if holds() { met.fulfill() } }
        }
        await fulfillment(of: [met], timeout: 2)
      }
      func again(_ holds: @escaping () -> Bool) async {
        if holds() { return }
        try? await Task.sleep(nanoseconds: 5_000_000)
        await again(holds)
      }
      func pace(_ holds: @escaping () -> Bool) async {
        let met = expectation(description: "paced")
        try? await Task.sleep(nanoseconds: 5_000_000)
        Task { await self.pace(holds); met.fulfill() }
        await fulfillment(of: [met], timeout: 2)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(SleepInTestRule.self, source).map(\.line), [19, 24])
  }

  func test_virtualTimeSleeps_pass() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        try await mainQueue.sleep(for: .seconds(1))
        try await clock.sleep(for: .seconds(1))
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) {}
        await scheduler.advance(by: 1)
        runLoop.run(until: Date())
        viewModel.sleep()
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), [])
  }

  func test_helperCalledTwice_isReportedOnceOutsideTests() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() { settle(); XCTAssertTrue(true) }
      func test_c_d() { self.settle(); XCTAssertTrue(true) }
      private func settle() {
        Thread.sleep(forTimeInterval: 0.1)
      }
      """)
    let findings = RuleLinting.findings(SleepInTestRule.self, source)
    XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["7:10"])
    XCTAssertEqual(findings.map(\.test), [nil])
  }

  func test_findingInTest_namesTheTest() {
    let source = RuleLinting.xctest("func test_a_b() { sleep(1); XCTAssertTrue(true) }")
    XCTAssertEqual(
      RuleLinting.findings(SleepInTestRule.self, source).map(\.test), ["SampleTests.test_a_b"])
  }

  func test_setUpAndUncalledCode_areNotRead() {
    let source = RuleLinting.xctest(
      """
      override func setUp() { super.setUp(); sleep(1) }
      override func tearDown() { RunLoop.main.run(until: Date() + 1); super.tearDown() }
      func waitForever() { sleep(100) }
      func test_a_b() { XCTAssertTrue(true) }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), [])
  }

  func test_stubTypeInsideTest_isLeftOut() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        final class SlowStore: Store {
          override func load(completion: @escaping () -> Void) {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { completion() }
          }
        }
        let store = SlowStore()
        store.onLoad = { usleep(5) }
        XCTAssertNotNil(store)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["11:20"])
  }

  func test_asyncAfterWithoutDeadline_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        mock.asyncAfter(0.1) {}
        DispatchQueue.main.async { done() }
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), [])
  }

  func test_runUntilCondition_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let condition = RunLoop.ResumeCondition()
        RunLoop.current.run(until: condition)
        RunLoop.main.run(until: .distantPast)
        RunLoop.main.run(until: deadline)
        RunLoop.main.run(until: .now.addingTimeInterval(1))
        XCTAssertTrue(condition.isResolved)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["7:16", "8:16", "9:16"])
  }

  func test_ownSleepHelper_isNotC() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() { sleep(5); XCTAssertEqual(clock.now, 5) }
      private func sleep(_ seconds: Int) { clock.advance(by: seconds) }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), [])
  }

  func test_methodCalledThroughReceiver_isFollowed() {
    // One resolution of calls for every rule that follows them (`CallResolver`): the same
    // receivers `missing_assertion` follows.
    let source = RuleLinting.xctest(
      """
      func test_a_b() async { await fixture.prepare(); XCTAssertTrue(true) }
      func test_c_d() async { await fixture!.prepare(); await makeFixture().prepare(); XCTAssertTrue(true) }
      }
      final class Fixture {
        func prepare() async { try? await Task.sleep(for: .seconds(1)) }
      }
      final class ServiceStub {
        func prepare() async { try? await Task.sleep(for: .seconds(1)) }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["8:42"])
  }

  func test_pollingHelperWithDeadline_isAWaitForACondition() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() { waitUntil(timeout: 1) { loaded }; XCTAssertTrue(loaded) }
      func test_c_d() { poll(within: 2, until: { loaded }); pause(1); XCTAssertTrue(loaded) }
      func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) {
        let deadline = Date() + timeout
        while !condition(), Date() < deadline {
          RunLoop.current.run(until: Date() + 0.01)
        }
      }
      func poll(within seconds: Double, until condition: @escaping () -> Bool) {
        repeat { Thread.sleep(forTimeInterval: 0.05) } while !condition()
      }
      func pause(_ seconds: TimeInterval) {
        for _ in 0..<3 { Thread.sleep(forTimeInterval: seconds) }
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["16:27"])
  }

  func test_loopUntilConditionOrDeadline_isAWaitForACondition() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        server.stop()
        waitForExit()
        let deadline = Date() + 1
        while Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        while !server.isIdle && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertFalse(server.isRunning)
      }
      func waitForExit(timeout: TimeInterval = 20) {
        let deadline = Date().addingTimeInterval(timeout)
        while server.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["8:36"])
  }
}

extension SleepInTestRuleTests {
  func test_waitAfterALocalStub_isReported() {
    let source = """
      import XCTest
      final class LoaderTests: XCTestCase {
        func test_load_finishes() {
          struct SlowStub { func load() { if slow { sleep(1) } } }
          sleep(2)
          XCTAssertTrue(done)
        }
      }
      """
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["5:5"], "only the wait outside the stub")
  }
}

extension SleepInTestRuleTests {
  func test_boundedLoopLeavingOnACondition_isAWaitForACondition() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        model.refresh()
        for _ in 0..<50 where model.rows.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        for _ in 0..<50 {
          if model.isLoaded { break }
          Thread.sleep(forTimeInterval: 0.02)
        }
        let reply = try await nextReply(timeout: .seconds(2))
        XCTAssertEqual(reply, "pong")
      }
      func nextReply(timeout: Duration) async throws -> String? {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
          if let reply = channel.poll() {
            return reply
          } else {
            try await Task.sleep(for: .milliseconds(5))
          }
        }
        return nil
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), [])
  }

  func test_loopThatOnlyRepeatsAPause_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        for _ in 0..<3 { model.tick(); Thread.sleep(forTimeInterval: 1) }
        for _ in 0..<3 { let rows = model.rows.map { row in return row.id }; sleep(1) }
        for item in items where item.isSlow { sleep(1) }
        let end = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(5)) }
        XCTAssertTrue(model.isLoaded)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["5:41", "6:72", "7:41", "9:52"])
  }

  func test_cancelledKeptTask_passesOnlyATaskSleepTheCancelCutsShort() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let job = Task {
          try? await Task.sleep(for: .seconds(2))
          Thread.sleep(forTimeInterval: 2)
        }
        job.cancel()
        let later = Task {
          try await Task.sleep(for: .seconds(2))
          await model.fire()
        }
        await model.settle()
        later.cancel()
        XCTAssertTrue(model.isIdle)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["7:12", "11:20"])
  }

  func test_whileTrueWithAThrowingSleep_passesOnlyWithoutAnotherExit() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        try await feeder.run { sink in
          while true {
            try await sink.push(1)
            try await Task.sleep(for: .milliseconds(5))
          }
        }
        try await feeder.run { sink in
          while true {
            if sink.isFull { break }
            try await Task.sleep(for: .milliseconds(5))
          }
        }
        try await feeder.run { sink in
          while true {
            do { try await Task.sleep(for: .milliseconds(5)) } catch {}
          }
        }
        XCTAssertTrue(feeder.isStopped)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["14:22", "19:27"])
  }

  func test_helperTakingATimeout_pollsWithTheDeadlineInsideItsLoop() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        try await awaitIdle(of: queue)
        try await awaitIdle(of: queue, timeoutMillis: 500)
        try await drain(queue, within: 2)
        try await spin(queue, timeoutMillis: 500)
        XCTAssertTrue(queue.isIdle)
      }
      private func awaitIdle(of queue: Queue, timeoutMillis: UInt64 = 1_000) async throws {
        let begin = ContinuousClock.now
        while true {
          await queue.pump()
          if queue.isIdle { return }
          if ContinuousClock.now - begin > .milliseconds(timeoutMillis) {
            XCTFail("queue never went idle")
            return
          }
          try await Task.sleep(for: .milliseconds(5))
        }
      }
      private func drain(_ queue: Queue, within limit: Int) async throws {
        let begin = ContinuousClock.now
        while true {
          if queue.isIdle { return }
          if ContinuousClock.now - begin > .seconds(limit) { return }
          try await Task.sleep(for: .milliseconds(5))
        }
      }
      private func spin(_ queue: Queue, timeoutMillis: UInt64) async throws {
        let begin = ContinuousClock.now
        while true {
          await queue.pump()
          if ContinuousClock.now - begin > .milliseconds(timeoutMillis) { return }
          try await Task.sleep(for: .milliseconds(5))
        }
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["28:20", "36:20"])
  }

  func test_retryLoopBoundedByACount_leavesFromASwitchCase() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async { XCTAssertNotNil(await sendWithRetry(tries: 3)) }
      private func sendWithRetry(tries: Int) async -> Reply? {
        for _ in 0..<tries {
          switch await client.send() {
          case .delivered(let reply): return reply
          case .busy: try? await Task.sleep(for: .milliseconds(50))
          }
        }
        var round = 0
        while round < tries {
          switch await client.send() {
          case .delivered(let reply): return reply
          case .busy:
            round += 1
            try? await Task.sleep(for: .milliseconds(50))
          }
        }
        while round <= tries {
          switch await client.send() {
          case .delivered: break
          case .busy: round += 1
          }
          try? await Task.sleep(for: .milliseconds(50))
        }
        while round < tries {
          switch await client.send() {
          case .delivered(let reply): return reply
          case .busy: try? await Task.sleep(for: .milliseconds(50))
          }
        }
        return nil
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["26:21", "31:33"])
  }

  func test_storedSlowClosureHandedOverAndCancelled_isSimulatedWork() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let slowLoad: Loader = { _ in
          try await Task.sleep(for: .seconds(1))
          return Data()
        }
        let job = Task { try await repository.load(using: slowLoad) }
        try await Task.sleep(for: .milliseconds(20))
        job.cancel()
        let work = { return Step.deferred { try await Task.sleep(for: .seconds(1)) } }
        runner.start(work: work)
        gate.abort()
        XCTAssertTrue(runner.isStopped)
      }
      func test_c_d() async throws {
        let slowLoad: Loader = { _ in
          try await Task.sleep(for: .seconds(1))
          Thread.sleep(forTimeInterval: 1)
          return Data()
        }
        _ = try await repository.load(using: slowLoad)
        XCTAssertTrue(repository.isLoaded)
      }
      func test_e_f() async throws {
        let late = { try await Task.sleep(for: .seconds(1)) }
        try await late()
        gate.abort()
        XCTAssertTrue(gate.isClosed)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["10:18", "19:20", "20:12", "27:31"])
  }

  func test_sleepInAHandleKeptFromACallAndCancelled_isTheCancelledWork() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async {
        await pool.withLanes { lanes in
          let lane = lanes.startCancellable {
            do {
              try await Task.sleep(for: .seconds(5))
              XCTFail("the lane was not stopped")
            } catch {}
          }
          lane.cancel()
        }
        let job = pool.submit {
          try await Task.sleep(for: .seconds(1))
          await pool.drain()
        }
        job.cancel()
        XCTAssertTrue(pool.isIdle)
      }
      func test_c_d() async {
        let job = pool.submit {
          try await Task.sleep(for: .seconds(1))
          await pool.drain()
        }
        await pool.settle()
        job.cancel()
        let other = pool.submit {
          try await Task.sleep(for: .seconds(1))
          await pool.drain()
        }
        pool.onStop = { other.cancel() }
        XCTAssertTrue(pool.isIdle)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["23:20", "29:20"])
  }

  func test_presentMomentDrivenClockAndYield_areNotWaits() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        RunLoop.current.run(until: Date().addingTimeInterval(0))
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))
        try await Task.sleep(for: .seconds(1), clock: self.fakeClock)
        try await Task.sleep(for: .seconds(1), clock: ContinuousClock())
        try await Task.sleep(for: .nanoseconds(800))
        try await Task.sleep(for: .microseconds(2))
      }
      """)
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["6:19", "8:18", "10:18"])
  }

  func test_pauseInWorkTheCodeUnderTestTimes_isNotAWait() {
    let source = RuleLinting.xctest(
      """
      func test_c_d() async throws {
        _ = Barrier.hold(timeout: 1) { barrier in
          Thread.sleep(forTimeInterval: 2)
          barrier.open()
        }
        _ = Barrier.hold(timeout: 1) {
          Thread.sleep(forTimeInterval: 2)
        }
        _ = try await withTimeout(3) {
          try await Task.sleep(for: .seconds(1))
          return await service.load()
        }
        _ = try await withTimeout(0.5) {
          try await Task.sleep(for: .seconds(1))
          return 1
        }
        _ = try await withTimeout(3) {
          try await Task.sleep(for: .seconds(1))
          return 1
        }
        _ = try await withTimeout(timeout) {
          try await Task.sleep(for: .seconds(1))
          return 1
        }
      }
      """)
    // The deadline ends the first racer's second of sleep; the second's and the third's (a
    // deadline not written as a literal) are waited out.
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["10:12", "13:20", "21:20", "25:20"])
  }
}
