"""End-to-end tests in headless Chromium; the fixtures and helpers are in conftest.py."""
