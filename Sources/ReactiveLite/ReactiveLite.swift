// ReactiveLite: the micro-reactive layer that VueFluxCore and RxStateCore observe state through.
