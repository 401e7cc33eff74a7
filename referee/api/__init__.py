"""The JSON API v1 blueprint (``shared/API.md``)."""

from .routes import bp

__all__ = ["bp"]
