"""One service per capability, each given only what it needs: catalog.py (which models there are),
translation.py (translate, trace, attention, with limits), training.py (jobs, stop, pruning of runs/),
checking.py (the seed's answer check with a math model)."""
from .catalog import Catalog
from .checking import CheckingService
from .training import TrainingService
from .translation import TranslationService

__all__ = ["Catalog", "CheckingService", "TrainingService", "TranslationService"]
