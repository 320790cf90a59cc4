// Stand-ins for the UIKit types that the docs' view-controller code uses, where UIKit does not exist
// (Linux, macOS), so that the docs can show that code as an app writes it and the build still
// compiles it. Like UIKit's, they are main-actor isolated; they do nothing else. Where UIKit exists,
// the files that use these names import it instead. Shared by every test target through
// TestSupport, hence public (`open` for the view controller, which tests subclass).
#if !canImport(UIKit)
    /// Stands for UIKit's `UIViewController`: a main-actor class that screens subclass.
    @MainActor
    open class UIViewController {
        /// Creates a view controller.
        public init() {}

        /// Called once the view is loaded; subclasses override it to set up bindings.
        open func viewDidLoad() {}
    }

    /// Stands for UIKit's `UILabel`.
    @MainActor
    public final class UILabel {
        /// The text shown.
        public var text: String?

        /// Creates a label with no text.
        public init() {}
    }

    /// Stands for UIKit's `UIButton`, the sender of a button's action.
    @MainActor
    public final class UIButton {
        /// Creates a button.
        public init() {}
    }
#endif
