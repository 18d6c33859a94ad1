"""The math task: questions of 26 families, their generator, the reply a user gets and the answer check."""
