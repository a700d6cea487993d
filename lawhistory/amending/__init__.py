"""lawhistory's amending stage (docs/architecture-move.md)."""
