"""The accuracy report: every amending instruction is applied exactly or refused cleanly; none applied wrongly."""

from __future__ import annotations

from benchmarks.accuracy import run


def test_every_instruction_is_applied_exactly_or_cleanly_refused() -> None:
    t = run()
    print(
        f"\ninstruments {t.instruments}, instructions {t.instructions}, parsed {t.parsed}, operations {t.operations}, "
        f"applied exactly {t.applied_exactly}, applied wrongly {t.applied_wrongly}, refused cleanly {t.refused_cleanly}, pending {t.pending}"
    )
    assert t.problems == []
    assert t.applied_wrongly == 0
    assert t.instruments == 13 and t.refused_cleanly == 6
    assert t.applied_exactly + t.refused_operations == t.operations
    assert t.instructions - t.parsed == 2  # the two instructions refused while being read (quotes; unreadable words)
