"""The Kasino rules engine: pure Python, no web framework, no database.

Everything the referee decides is decided here; the web app and the JSON API
only translate requests into calls on this package.
"""
