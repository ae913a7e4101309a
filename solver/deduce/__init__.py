"""The deduction engine: sound rules run before the solve (boards, propagation, probing,
search). Its results are fixings of the model's variables, applied by the pipeline."""
