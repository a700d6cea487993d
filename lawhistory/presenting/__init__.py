"""lawhistory's presenting stage (docs/architecture-move.md)."""
