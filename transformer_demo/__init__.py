"""transformer-demo: an encoder-decoder Transformer written from scratch, with a web app to look inside it."""

__version__ = "0.1.0"
