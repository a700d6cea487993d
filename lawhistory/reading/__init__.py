"""lawhistory's reading stage (docs/architecture-move.md)."""
