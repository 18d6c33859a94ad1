"""Exports of a checkpoint to other inference runtimes (one module per runtime)."""
