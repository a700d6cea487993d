"""lawhistory's deriving stage (docs/architecture-move.md)."""
