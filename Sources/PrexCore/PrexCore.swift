// PrexCore: Presenter + Flux with a passive view, and no reactive framework inside. This file holds
// the module's place in the package until the PrexCore issue (#3) fills it; the module has no public
// API yet.
