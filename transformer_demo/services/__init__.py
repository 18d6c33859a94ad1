"""One service per capability, each given only what it needs: catalog.py (which models there are),
translation.py (translate, trace, attention, with limits), training.py (jobs, stop, pruning of runs/)."""
from .catalog import Catalog
from .training import TrainingService
from .translation import TranslationService

__all__ = ["Catalog", "TrainingService", "TranslationService"]
