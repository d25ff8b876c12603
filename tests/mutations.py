"""Files spoilt at random, for the fuzz tests: a seed file with a few edits, each a byte
changed, a run of bytes inserted, a run deleted, or the rest cut off. ``special`` bytes are
the format's own separators and letters, which reach the readers' branches more often than
bytes drawn at random."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st


def mutated(
    seeds: Sequence[bytes],
    special: st.SearchStrategy[int],
    *,
    edits: int = 8,
    longest_insert: int = 6,
    longest_delete: int = 160,
) -> st.SearchStrategy[bytes]:
    """One of ``seeds`` with 1 to ``edits`` edits."""

    @st.composite
    def spoilt(draw: st.DrawFn) -> bytes:
        data = bytearray(draw(st.sampled_from(seeds)))
        for _ in range(draw(st.integers(1, edits))):
            where = draw(st.integers(0, max(len(data) - 1, 0)))
            action = draw(st.sampled_from(["change", "insert", "delete", "cut"]))
            if action == "change" and data:
                data[where] = draw(special | st.integers(0, 255))
            elif action == "insert":
                data[where:where] = bytes(draw(st.lists(special, min_size=1, max_size=longest_insert)))
            elif action == "delete":
                del data[where : where + draw(st.integers(1, longest_delete))]
            else:
                del data[where:]
        return bytes(data)

    return spoilt()
