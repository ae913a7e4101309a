"""Sets of cells as the bits of an integer (cell i, bit i), for the deductions that flood and
step over a whole grid at once with shifts and masks (`solver.deduce.island_logic`'s reach and
sea, LITS's shaded cells)."""

from __future__ import annotations

import numpy as np

# up to this many cells a mask is walked bit by bit; more are unpacked by numpy at once
WALK_MOST = 64


def from_flags(flags: np.ndarray) -> int:
    """The cells whose flag is set."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def indices(mask: int) -> list[int]:
    """The cells of a mask, in order."""
    if mask.bit_count() < WALK_MOST:
        cells = []
        while mask:
            low = mask & -mask
            cells.append(low.bit_length() - 1)
            mask ^= low
        return cells
    raw = np.frombuffer(mask.to_bytes((mask.bit_length() + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little")).tolist()
