"""Training: the Trainer (trainer.py), how a run is built (build.py) and resumed (resume.py), the loss, EMA
weights and the device runtime (autocast, threads)."""
