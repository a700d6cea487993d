"""lawhistory's core stage (docs/architecture-move.md)."""
