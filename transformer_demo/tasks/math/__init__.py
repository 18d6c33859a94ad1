"""The math task: questions of 15 families, their generator, the reply a user gets and the answer check."""
