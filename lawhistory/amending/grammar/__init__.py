"""The amending language of WA local laws as one declared grammar (wa.lark) and the reader of its parses."""
