"""lawhistory: follow Western Australian local laws through their amendments."""

__version__ = "0.1.0"
