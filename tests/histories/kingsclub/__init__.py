"""Tests of ``badugi.histories.kingsclub``."""
