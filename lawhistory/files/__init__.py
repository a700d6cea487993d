"""lawhistory's files stage (docs/architecture-move.md)."""
