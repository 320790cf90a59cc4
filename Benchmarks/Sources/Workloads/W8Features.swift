import RxStateCore

// The feature types of W8 (100) and of the features curve (up to 1,000) on RxStateCore, written
// out as an app declares its features (one substate type and one action type each): RxState finds a
// substate and a reducer by type, so an app of 1,000 features has 1,000 types. Concrete types, so
// that the compiler specializes the code that uses each, as it does in an app. Written by
// `python3 Benchmarks/Scripts/generate-features.py`: edit the script, not the list.

/// A feature's substate: a count.
protocol ManyFeaturesSubstate: SubstateType, Equatable {
    init()
    var count: Int { get set }
}

/// A feature's action: an increment.
protocol ManyFeaturesAction: ActionType {
    static var increment: Self { get }
}

extension ManyFeatures {
    /// The features, in order.
    static func rxFeatures(_ count: Int) -> [RxFeature] {
        Array(allRxFeatures.prefix(count))
    }

    /// One feature of substate `S` and action `A`, specialized for both.
    static func rxFeature<S: ManyFeaturesSubstate, A: ManyFeaturesAction>(_: S.Type, _: A.Type) -> RxFeature {
        RxFeature(
            initial: S(),
            register: { store in
                store.register(S.self, for: A.self) { state, _ in state.count += 1 }
            },
            observe: { store in store.substateSignal(S.self).observe { blackHole($0.count) } },
            dispatch: { store in store.dispatch(action: A.increment) },
            count: { store in store.substate(S.self)?.count ?? -1 })
    }

    static let allRxFeatures: [RxFeature] = [
        rxFeature(Feature0.self, Feature0Action.self),
        rxFeature(Feature1.self, Feature1Action.self),
        rxFeature(Feature2.self, Feature2Action.self),
        rxFeature(Feature3.self, Feature3Action.self),
        rxFeature(Feature4.self, Feature4Action.self),
        rxFeature(Feature5.self, Feature5Action.self),
        rxFeature(Feature6.self, Feature6Action.self),
        rxFeature(Feature7.self, Feature7Action.self),
        rxFeature(Feature8.self, Feature8Action.self),
        rxFeature(Feature9.self, Feature9Action.self),
        rxFeature(Feature10.self, Feature10Action.self),
        rxFeature(Feature11.self, Feature11Action.self),
        rxFeature(Feature12.self, Feature12Action.self),
        rxFeature(Feature13.self, Feature13Action.self),
        rxFeature(Feature14.self, Feature14Action.self),
        rxFeature(Feature15.self, Feature15Action.self),
        rxFeature(Feature16.self, Feature16Action.self),
        rxFeature(Feature17.self, Feature17Action.self),
        rxFeature(Feature18.self, Feature18Action.self),
        rxFeature(Feature19.self, Feature19Action.self),
        rxFeature(Feature20.self, Feature20Action.self),
        rxFeature(Feature21.self, Feature21Action.self),
        rxFeature(Feature22.self, Feature22Action.self),
        rxFeature(Feature23.self, Feature23Action.self),
        rxFeature(Feature24.self, Feature24Action.self),
        rxFeature(Feature25.self, Feature25Action.self),
        rxFeature(Feature26.self, Feature26Action.self),
        rxFeature(Feature27.self, Feature27Action.self),
        rxFeature(Feature28.self, Feature28Action.self),
        rxFeature(Feature29.self, Feature29Action.self),
        rxFeature(Feature30.self, Feature30Action.self),
        rxFeature(Feature31.self, Feature31Action.self),
        rxFeature(Feature32.self, Feature32Action.self),
        rxFeature(Feature33.self, Feature33Action.self),
        rxFeature(Feature34.self, Feature34Action.self),
        rxFeature(Feature35.self, Feature35Action.self),
        rxFeature(Feature36.self, Feature36Action.self),
        rxFeature(Feature37.self, Feature37Action.self),
        rxFeature(Feature38.self, Feature38Action.self),
        rxFeature(Feature39.self, Feature39Action.self),
        rxFeature(Feature40.self, Feature40Action.self),
        rxFeature(Feature41.self, Feature41Action.self),
        rxFeature(Feature42.self, Feature42Action.self),
        rxFeature(Feature43.self, Feature43Action.self),
        rxFeature(Feature44.self, Feature44Action.self),
        rxFeature(Feature45.self, Feature45Action.self),
        rxFeature(Feature46.self, Feature46Action.self),
        rxFeature(Feature47.self, Feature47Action.self),
        rxFeature(Feature48.self, Feature48Action.self),
        rxFeature(Feature49.self, Feature49Action.self),
        rxFeature(Feature50.self, Feature50Action.self),
        rxFeature(Feature51.self, Feature51Action.self),
        rxFeature(Feature52.self, Feature52Action.self),
        rxFeature(Feature53.self, Feature53Action.self),
        rxFeature(Feature54.self, Feature54Action.self),
        rxFeature(Feature55.self, Feature55Action.self),
        rxFeature(Feature56.self, Feature56Action.self),
        rxFeature(Feature57.self, Feature57Action.self),
        rxFeature(Feature58.self, Feature58Action.self),
        rxFeature(Feature59.self, Feature59Action.self),
        rxFeature(Feature60.self, Feature60Action.self),
        rxFeature(Feature61.self, Feature61Action.self),
        rxFeature(Feature62.self, Feature62Action.self),
        rxFeature(Feature63.self, Feature63Action.self),
        rxFeature(Feature64.self, Feature64Action.self),
        rxFeature(Feature65.self, Feature65Action.self),
        rxFeature(Feature66.self, Feature66Action.self),
        rxFeature(Feature67.self, Feature67Action.self),
        rxFeature(Feature68.self, Feature68Action.self),
        rxFeature(Feature69.self, Feature69Action.self),
        rxFeature(Feature70.self, Feature70Action.self),
        rxFeature(Feature71.self, Feature71Action.self),
        rxFeature(Feature72.self, Feature72Action.self),
        rxFeature(Feature73.self, Feature73Action.self),
        rxFeature(Feature74.self, Feature74Action.self),
        rxFeature(Feature75.self, Feature75Action.self),
        rxFeature(Feature76.self, Feature76Action.self),
        rxFeature(Feature77.self, Feature77Action.self),
        rxFeature(Feature78.self, Feature78Action.self),
        rxFeature(Feature79.self, Feature79Action.self),
        rxFeature(Feature80.self, Feature80Action.self),
        rxFeature(Feature81.self, Feature81Action.self),
        rxFeature(Feature82.self, Feature82Action.self),
        rxFeature(Feature83.self, Feature83Action.self),
        rxFeature(Feature84.self, Feature84Action.self),
        rxFeature(Feature85.self, Feature85Action.self),
        rxFeature(Feature86.self, Feature86Action.self),
        rxFeature(Feature87.self, Feature87Action.self),
        rxFeature(Feature88.self, Feature88Action.self),
        rxFeature(Feature89.self, Feature89Action.self),
        rxFeature(Feature90.self, Feature90Action.self),
        rxFeature(Feature91.self, Feature91Action.self),
        rxFeature(Feature92.self, Feature92Action.self),
        rxFeature(Feature93.self, Feature93Action.self),
        rxFeature(Feature94.self, Feature94Action.self),
        rxFeature(Feature95.self, Feature95Action.self),
        rxFeature(Feature96.self, Feature96Action.self),
        rxFeature(Feature97.self, Feature97Action.self),
        rxFeature(Feature98.self, Feature98Action.self),
        rxFeature(Feature99.self, Feature99Action.self),
    ]
}

struct Feature0: ManyFeaturesSubstate { var count = 0 }
enum Feature0Action: ManyFeaturesAction { case increment }
struct Feature1: ManyFeaturesSubstate { var count = 0 }
enum Feature1Action: ManyFeaturesAction { case increment }
struct Feature2: ManyFeaturesSubstate { var count = 0 }
enum Feature2Action: ManyFeaturesAction { case increment }
struct Feature3: ManyFeaturesSubstate { var count = 0 }
enum Feature3Action: ManyFeaturesAction { case increment }
struct Feature4: ManyFeaturesSubstate { var count = 0 }
enum Feature4Action: ManyFeaturesAction { case increment }
struct Feature5: ManyFeaturesSubstate { var count = 0 }
enum Feature5Action: ManyFeaturesAction { case increment }
struct Feature6: ManyFeaturesSubstate { var count = 0 }
enum Feature6Action: ManyFeaturesAction { case increment }
struct Feature7: ManyFeaturesSubstate { var count = 0 }
enum Feature7Action: ManyFeaturesAction { case increment }
struct Feature8: ManyFeaturesSubstate { var count = 0 }
enum Feature8Action: ManyFeaturesAction { case increment }
struct Feature9: ManyFeaturesSubstate { var count = 0 }
enum Feature9Action: ManyFeaturesAction { case increment }
struct Feature10: ManyFeaturesSubstate { var count = 0 }
enum Feature10Action: ManyFeaturesAction { case increment }
struct Feature11: ManyFeaturesSubstate { var count = 0 }
enum Feature11Action: ManyFeaturesAction { case increment }
struct Feature12: ManyFeaturesSubstate { var count = 0 }
enum Feature12Action: ManyFeaturesAction { case increment }
struct Feature13: ManyFeaturesSubstate { var count = 0 }
enum Feature13Action: ManyFeaturesAction { case increment }
struct Feature14: ManyFeaturesSubstate { var count = 0 }
enum Feature14Action: ManyFeaturesAction { case increment }
struct Feature15: ManyFeaturesSubstate { var count = 0 }
enum Feature15Action: ManyFeaturesAction { case increment }
struct Feature16: ManyFeaturesSubstate { var count = 0 }
enum Feature16Action: ManyFeaturesAction { case increment }
struct Feature17: ManyFeaturesSubstate { var count = 0 }
enum Feature17Action: ManyFeaturesAction { case increment }
struct Feature18: ManyFeaturesSubstate { var count = 0 }
enum Feature18Action: ManyFeaturesAction { case increment }
struct Feature19: ManyFeaturesSubstate { var count = 0 }
enum Feature19Action: ManyFeaturesAction { case increment }
struct Feature20: ManyFeaturesSubstate { var count = 0 }
enum Feature20Action: ManyFeaturesAction { case increment }
struct Feature21: ManyFeaturesSubstate { var count = 0 }
enum Feature21Action: ManyFeaturesAction { case increment }
struct Feature22: ManyFeaturesSubstate { var count = 0 }
enum Feature22Action: ManyFeaturesAction { case increment }
struct Feature23: ManyFeaturesSubstate { var count = 0 }
enum Feature23Action: ManyFeaturesAction { case increment }
struct Feature24: ManyFeaturesSubstate { var count = 0 }
enum Feature24Action: ManyFeaturesAction { case increment }
struct Feature25: ManyFeaturesSubstate { var count = 0 }
enum Feature25Action: ManyFeaturesAction { case increment }
struct Feature26: ManyFeaturesSubstate { var count = 0 }
enum Feature26Action: ManyFeaturesAction { case increment }
struct Feature27: ManyFeaturesSubstate { var count = 0 }
enum Feature27Action: ManyFeaturesAction { case increment }
struct Feature28: ManyFeaturesSubstate { var count = 0 }
enum Feature28Action: ManyFeaturesAction { case increment }
struct Feature29: ManyFeaturesSubstate { var count = 0 }
enum Feature29Action: ManyFeaturesAction { case increment }
struct Feature30: ManyFeaturesSubstate { var count = 0 }
enum Feature30Action: ManyFeaturesAction { case increment }
struct Feature31: ManyFeaturesSubstate { var count = 0 }
enum Feature31Action: ManyFeaturesAction { case increment }
struct Feature32: ManyFeaturesSubstate { var count = 0 }
enum Feature32Action: ManyFeaturesAction { case increment }
struct Feature33: ManyFeaturesSubstate { var count = 0 }
enum Feature33Action: ManyFeaturesAction { case increment }
struct Feature34: ManyFeaturesSubstate { var count = 0 }
enum Feature34Action: ManyFeaturesAction { case increment }
struct Feature35: ManyFeaturesSubstate { var count = 0 }
enum Feature35Action: ManyFeaturesAction { case increment }
struct Feature36: ManyFeaturesSubstate { var count = 0 }
enum Feature36Action: ManyFeaturesAction { case increment }
struct Feature37: ManyFeaturesSubstate { var count = 0 }
enum Feature37Action: ManyFeaturesAction { case increment }
struct Feature38: ManyFeaturesSubstate { var count = 0 }
enum Feature38Action: ManyFeaturesAction { case increment }
struct Feature39: ManyFeaturesSubstate { var count = 0 }
enum Feature39Action: ManyFeaturesAction { case increment }
struct Feature40: ManyFeaturesSubstate { var count = 0 }
enum Feature40Action: ManyFeaturesAction { case increment }
struct Feature41: ManyFeaturesSubstate { var count = 0 }
enum Feature41Action: ManyFeaturesAction { case increment }
struct Feature42: ManyFeaturesSubstate { var count = 0 }
enum Feature42Action: ManyFeaturesAction { case increment }
struct Feature43: ManyFeaturesSubstate { var count = 0 }
enum Feature43Action: ManyFeaturesAction { case increment }
struct Feature44: ManyFeaturesSubstate { var count = 0 }
enum Feature44Action: ManyFeaturesAction { case increment }
struct Feature45: ManyFeaturesSubstate { var count = 0 }
enum Feature45Action: ManyFeaturesAction { case increment }
struct Feature46: ManyFeaturesSubstate { var count = 0 }
enum Feature46Action: ManyFeaturesAction { case increment }
struct Feature47: ManyFeaturesSubstate { var count = 0 }
enum Feature47Action: ManyFeaturesAction { case increment }
struct Feature48: ManyFeaturesSubstate { var count = 0 }
enum Feature48Action: ManyFeaturesAction { case increment }
struct Feature49: ManyFeaturesSubstate { var count = 0 }
enum Feature49Action: ManyFeaturesAction { case increment }
struct Feature50: ManyFeaturesSubstate { var count = 0 }
enum Feature50Action: ManyFeaturesAction { case increment }
struct Feature51: ManyFeaturesSubstate { var count = 0 }
enum Feature51Action: ManyFeaturesAction { case increment }
struct Feature52: ManyFeaturesSubstate { var count = 0 }
enum Feature52Action: ManyFeaturesAction { case increment }
struct Feature53: ManyFeaturesSubstate { var count = 0 }
enum Feature53Action: ManyFeaturesAction { case increment }
struct Feature54: ManyFeaturesSubstate { var count = 0 }
enum Feature54Action: ManyFeaturesAction { case increment }
struct Feature55: ManyFeaturesSubstate { var count = 0 }
enum Feature55Action: ManyFeaturesAction { case increment }
struct Feature56: ManyFeaturesSubstate { var count = 0 }
enum Feature56Action: ManyFeaturesAction { case increment }
struct Feature57: ManyFeaturesSubstate { var count = 0 }
enum Feature57Action: ManyFeaturesAction { case increment }
struct Feature58: ManyFeaturesSubstate { var count = 0 }
enum Feature58Action: ManyFeaturesAction { case increment }
struct Feature59: ManyFeaturesSubstate { var count = 0 }
enum Feature59Action: ManyFeaturesAction { case increment }
struct Feature60: ManyFeaturesSubstate { var count = 0 }
enum Feature60Action: ManyFeaturesAction { case increment }
struct Feature61: ManyFeaturesSubstate { var count = 0 }
enum Feature61Action: ManyFeaturesAction { case increment }
struct Feature62: ManyFeaturesSubstate { var count = 0 }
enum Feature62Action: ManyFeaturesAction { case increment }
struct Feature63: ManyFeaturesSubstate { var count = 0 }
enum Feature63Action: ManyFeaturesAction { case increment }
struct Feature64: ManyFeaturesSubstate { var count = 0 }
enum Feature64Action: ManyFeaturesAction { case increment }
struct Feature65: ManyFeaturesSubstate { var count = 0 }
enum Feature65Action: ManyFeaturesAction { case increment }
struct Feature66: ManyFeaturesSubstate { var count = 0 }
enum Feature66Action: ManyFeaturesAction { case increment }
struct Feature67: ManyFeaturesSubstate { var count = 0 }
enum Feature67Action: ManyFeaturesAction { case increment }
struct Feature68: ManyFeaturesSubstate { var count = 0 }
enum Feature68Action: ManyFeaturesAction { case increment }
struct Feature69: ManyFeaturesSubstate { var count = 0 }
enum Feature69Action: ManyFeaturesAction { case increment }
struct Feature70: ManyFeaturesSubstate { var count = 0 }
enum Feature70Action: ManyFeaturesAction { case increment }
struct Feature71: ManyFeaturesSubstate { var count = 0 }
enum Feature71Action: ManyFeaturesAction { case increment }
struct Feature72: ManyFeaturesSubstate { var count = 0 }
enum Feature72Action: ManyFeaturesAction { case increment }
struct Feature73: ManyFeaturesSubstate { var count = 0 }
enum Feature73Action: ManyFeaturesAction { case increment }
struct Feature74: ManyFeaturesSubstate { var count = 0 }
enum Feature74Action: ManyFeaturesAction { case increment }
struct Feature75: ManyFeaturesSubstate { var count = 0 }
enum Feature75Action: ManyFeaturesAction { case increment }
struct Feature76: ManyFeaturesSubstate { var count = 0 }
enum Feature76Action: ManyFeaturesAction { case increment }
struct Feature77: ManyFeaturesSubstate { var count = 0 }
enum Feature77Action: ManyFeaturesAction { case increment }
struct Feature78: ManyFeaturesSubstate { var count = 0 }
enum Feature78Action: ManyFeaturesAction { case increment }
struct Feature79: ManyFeaturesSubstate { var count = 0 }
enum Feature79Action: ManyFeaturesAction { case increment }
struct Feature80: ManyFeaturesSubstate { var count = 0 }
enum Feature80Action: ManyFeaturesAction { case increment }
struct Feature81: ManyFeaturesSubstate { var count = 0 }
enum Feature81Action: ManyFeaturesAction { case increment }
struct Feature82: ManyFeaturesSubstate { var count = 0 }
enum Feature82Action: ManyFeaturesAction { case increment }
struct Feature83: ManyFeaturesSubstate { var count = 0 }
enum Feature83Action: ManyFeaturesAction { case increment }
struct Feature84: ManyFeaturesSubstate { var count = 0 }
enum Feature84Action: ManyFeaturesAction { case increment }
struct Feature85: ManyFeaturesSubstate { var count = 0 }
enum Feature85Action: ManyFeaturesAction { case increment }
struct Feature86: ManyFeaturesSubstate { var count = 0 }
enum Feature86Action: ManyFeaturesAction { case increment }
struct Feature87: ManyFeaturesSubstate { var count = 0 }
enum Feature87Action: ManyFeaturesAction { case increment }
struct Feature88: ManyFeaturesSubstate { var count = 0 }
enum Feature88Action: ManyFeaturesAction { case increment }
struct Feature89: ManyFeaturesSubstate { var count = 0 }
enum Feature89Action: ManyFeaturesAction { case increment }
struct Feature90: ManyFeaturesSubstate { var count = 0 }
enum Feature90Action: ManyFeaturesAction { case increment }
struct Feature91: ManyFeaturesSubstate { var count = 0 }
enum Feature91Action: ManyFeaturesAction { case increment }
struct Feature92: ManyFeaturesSubstate { var count = 0 }
enum Feature92Action: ManyFeaturesAction { case increment }
struct Feature93: ManyFeaturesSubstate { var count = 0 }
enum Feature93Action: ManyFeaturesAction { case increment }
struct Feature94: ManyFeaturesSubstate { var count = 0 }
enum Feature94Action: ManyFeaturesAction { case increment }
struct Feature95: ManyFeaturesSubstate { var count = 0 }
enum Feature95Action: ManyFeaturesAction { case increment }
struct Feature96: ManyFeaturesSubstate { var count = 0 }
enum Feature96Action: ManyFeaturesAction { case increment }
struct Feature97: ManyFeaturesSubstate { var count = 0 }
enum Feature97Action: ManyFeaturesAction { case increment }
struct Feature98: ManyFeaturesSubstate { var count = 0 }
enum Feature98Action: ManyFeaturesAction { case increment }
struct Feature99: ManyFeaturesSubstate { var count = 0 }
enum Feature99Action: ManyFeaturesAction { case increment }
