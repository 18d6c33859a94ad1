"""Errors a user can fix, as one family: the CLI prints them in one line, the app shows them in a message box.

Every module raises its own kind (a bad config, a missing data file, an unknown model); callers that talk to
a person catch UserError once instead of listing them. UserError is a ValueError, so code that only knows
that a value was bad still catches it.
"""
from __future__ import annotations


class UserError(ValueError):
    """A request, file or setting the user can correct; the message says how."""


class ConfigError(UserError):
    """A configuration value is missing, unknown or out of range."""


class DataError(UserError):
    """A data file or folder is missing, unreadable or inconsistent."""


class DecodeError(UserError):
    """Decoding options out of range."""


class CheckpointError(UserError):
    """A checkpoint folder is missing, incomplete, corrupted or inconsistent."""


class ModelNotFoundError(UserError):
    """No model of that name (or no models at all) under the registry's roots."""


class ServiceError(UserError):
    """A request the user can fix: empty input, too many steps, a job already running."""


class DeviceError(UserError):
    """A device that is not there (cuda without a GPU) or not known."""


class ExportError(UserError):
    """An export to another runtime that cannot be made or read (bad option, package missing)."""
