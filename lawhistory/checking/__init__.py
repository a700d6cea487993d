"""Checking a consolidated copy of a law (a council's own consolidation) against lawhistory's consolidation.

``copy`` reads the copy (the law it holds, the amendments it says it includes, the amendment marks beside its
provisions); ``compare`` lines it up with the repository's consolidation on the date the copy claims, provision by
provision, and explains each difference by the instrument that accounts for it; ``report`` prints the result.
"""
