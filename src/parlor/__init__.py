"""parlor: exact rules engines and tables for four traditional card games."""

__version__ = "0.1.0"
