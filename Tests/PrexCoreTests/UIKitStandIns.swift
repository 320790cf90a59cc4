// Stand-ins for the UIKit types that the docs' view-controller code uses, where UIKit does not exist
// (Linux, macOS), so that the docs can show that code as an app writes it and the build still
// compiles it. Like UIKit's, they are main-actor isolated; they do nothing else. Where UIKit exists,
// the files that use these names import it instead.
#if !canImport(UIKit)
    /// Stands for UIKit's `UIViewController`: a main-actor class that screens subclass.
    @MainActor
    class UIViewController {
        init() {}

        func viewDidLoad() {}
    }

    /// Stands for UIKit's `UILabel`.
    @MainActor
    final class UILabel {
        var text: String?

        init() {}
    }

    /// Stands for UIKit's `UIButton`, the sender of a button's action.
    @MainActor
    final class UIButton {
        init() {}
    }
#endif
