import Quick
import Nimble
@testable import Shop

final class CartSpec: QuickSpec {
  override class func spec() {
    var cart: Cart!
    var catalog: CatalogStub!

    func makeItem(_ name: String, price: Int = 100) -> Item {
      Item(name: name, price: price)
    }

    beforeEach {
      catalog = CatalogStub()
      cart = Cart(catalog: catalog)
    }

    describe("a cart") {
      context("when empty") {
        it("has no total") {
          expect(cart.total).to(equal(0))
        }

        it("cannot check out") {
          expect { try cart.checkOut() }.to(throwError(CartError.empty))
        }
      }

      context("with two items") {
        beforeEach {
          cart.add(makeItem("pen"))
          cart.add(makeItem("ink", price: 250))
        }

        it("sums prices") {
          expect(cart.total) == 350
        }

        it("lists names in order") {
          func names() -> [String] { cart.items.map { $0.name } }
          expect(names()).to(equal(["pen", "ink"]))
        }

        itBehavesLike("a discountable cart") { ["cart": cart as Any] }
      }
    }

    afterEach {
      cart = nil
    }
  }
}

final class DiscountableCartBehavior: Behavior<[String: Any]> {
  override class func spec(_ context: @escaping () -> [String: Any]) {
    var cart: Cart!
    beforeEach { cart = context()["cart"] as? Cart }

    it("applies a percentage") {
      cart.apply(.percent(10))
      expect(cart.total).to(beLessThan(350))
    }
  }
}

final class CatalogStub: Catalog {
  var prices: [String: Int] = [:]

  func price(for name: String) -> Int? { prices[name] }

  subscript(name: String) -> Int? {
    get { prices[name] }
    set { prices[name] = newValue }
  }
}
